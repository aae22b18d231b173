import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../src/emulator/operations/table.js';
import { useTestEmulator } from './helpers/fixtures.js';
import type { Body } from './helpers/http.js';
import { documentMismatch, OPENAPI_PATH } from './helpers/openapi-check.js';

const t = useTestEmulator();
const kept = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as Body;

describe('the OpenAPI document', () => {
  it('is what the emulator serves at /__emulator/openapi.json (regenerate: npm run openapi)', async () => {
    const res = await fetch(`${t.emu.url}/__emulator/openapi.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(kept);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(kept);
    expect(result.errors).toBeUndefined();
    expect([result.valid, validator.version]).toEqual([true, '3.1']);
  });

  it('documents every operation the emulator routes, each once', () => {
    const documented = Object.values(kept.paths as Body)
      .flatMap((item) => (item.post?.['x-operations'] ?? []) as { name: string }[])
      .map((op) => op.name);
    expect(documented.sort()).toEqual(Object.keys(OPERATIONS).sort());
    for (const name of documented) expect(kept.components.schemas[`${name}Response`], name).toBeDefined();
  });

  it('catches an answer that does not match it (so the check run on every e2e answer can fail)', () => {
    const sent = {
      status: 200,
      message: 'Mensagem enviada com sucesso.',
      id: '3EB0AAAAAAAAAAAAAAAA',
      data: { idMensagem: '3EB0AAAAAAAAAAAAAAAA', dataEnvio: '2030-01-01 10:00:00' },
    };
    expect(documentMismatch('POST', '/api/create-message', 200, sent)).toBeNull();
    expect(documentMismatch('POST', '/api/create-message', 200, { status: 200, message: 'ok' })).toMatch(
      /does not match/,
    );
    expect(documentMismatch('POST', '/api/create-message', 401, { status: 401 })).toMatch(/message/);
    expect(documentMismatch('GET', '/__emulator/requests', 200, { status: 200, requisicoes: [{ id: 1 }] })).toMatch(
      /does not match/,
    );
  });
});
