// Base URLs: `host:port` means http://host:port (said once), query strings and fragments are refused before anything
// is sent, and the password of a URL with credentials never appears whole.
import { describe, expect, it } from 'vitest';
import { maskUrlCredentials, serviceBaseUrl } from '../../src/url.js';
import { useEmulatorSandbox } from './support/harness.js';

const t = useEmulatorSandbox({ register: true });

describe('base URLs', () => {
  it('localhost:PORT works as http://localhost:PORT and says so once on stderr', async () => {
    const hostPort = t.emulator.url.replace(/^http:\/\/127\.0\.0\.1/, 'localhost');
    const result = await t.box.run(['devices', 'ls', '--base-url', hostPort]);
    expect(result.exitCode, result.stderr).toBe(0);
    const notes = result.stderr.split('\n').filter((line) => line.includes('has no scheme'));
    expect(notes).toEqual([`--base-url ${hostPort} has no scheme: using http://${hostPort}`]);
  });

  it.each(['?x=1', '#frag', '/api?x=1'])(
    'a query string or fragment (%s) is exit 2 and nothing is sent',
    async (tail) => {
      const result = await t.box.run([
        'send',
        'text',
        '--to',
        '+5581989769960',
        '-m',
        'oi',
        '--appkey',
        'loja',
        '--base-url',
        `${t.emulator.url}${tail}`,
      ]);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(/--base-url must not have a query string or fragment/);
    },
  );

  it('credentials in the URL: the password is masked in --dry-run and in errors', async () => {
    const dry = await t.box.run(['devices', 'ls', '--dry-run', '--base-url', 'http://ana:s3nha-secreta@example.com']);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain('POST http://ana:****@example.com/api/developer');
    expect(dry.stdout + dry.stderr).not.toContain('s3nha-secreta');
    const refused = await t.box.run([
      'devices',
      'ls',
      '--base-url',
      'http://ana:s3nha-secreta@127.0.0.1:9',
      '--timeout',
      '5',
    ]);
    expect(refused.exitCode).toBe(7);
    expect(refused.stderr).not.toContain('s3nha-secreta');
  });

  it('serviceBaseUrl and maskUrlCredentials', () => {
    expect(serviceBaseUrl('--base-url', 'example.com:8080/prefix')).toEqual({
      url: 'http://example.com:8080/prefix',
      assumedHttp: true,
    });
    expect(serviceBaseUrl('--base-url', 'https://example.com')).toEqual({
      url: 'https://example.com',
      assumedHttp: false,
    });
    expect(() => serviceBaseUrl('--base-url', 'ftp://example.com')).toThrow(/http\(s\) URL/);
    expect(maskUrlCredentials('https://u:p@h/x')).toBe('https://u:****@h/x');
    expect(maskUrlCredentials('https://h/x?a=b:c@d')).toBe('https://h/x?a=b:c@d');
  });
});
