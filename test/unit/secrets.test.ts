import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskKeys, maskSecret } from '../../src/secrets.js';

describe('maskSecret', () => {
  it('keeps the first 4 and last 4 characters', () => {
    expect(maskSecret('abcd1234efgh5678')).toBe('abcd…5678');
  });

  it('never returns a secret whole', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), (secret) => {
        expect(maskSecret(secret)).not.toBe(secret);
        if (secret.length > 8) expect(maskSecret(secret).includes(secret)).toBe(false);
      }),
    );
  });
});

describe('maskKeys', () => {
  it('masks key fields at any depth and leaves the rest', () => {
    const masked = maskKeys({
      status: 200,
      data: { authkey: 'AUTHKEY-0123456789', nome: 'Ana' },
      dispositivos: [{ id: 'd1', authkey: 'AUTHKEY-0123456789' }],
      appkey: 'APPKEY-abcdefghij',
      setAppkey: 'loja-centro-norte',
      senha: 'hunter2pass',
    });
    expect(JSON.stringify(masked)).not.toContain('hunt');
    expect(masked).toMatchObject({ senha: '********', setAppkey: 'loja…orte' });
    expect(JSON.stringify(masked)).not.toContain('AUTHKEY-0123456789');
    expect(JSON.stringify(masked)).not.toContain('APPKEY-abcdefghij');
    expect(masked).toMatchObject({ status: 200, data: { nome: 'Ana', authkey: 'AUTH…6789' }, appkey: 'APPK…ghij' });
  });
});
