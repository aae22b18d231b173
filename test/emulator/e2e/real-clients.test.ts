import { describe, expect, it } from 'vitest';
import {
  checkDevice,
  CONTACT,
  createGroup,
  createTemplate,
  outbox,
  registrationBody,
  sentWithText,
  useEmulatorWithDevice,
} from './helpers/fixtures.js';
import { expectError, expectOk, postForm, postJson, postMultipart, send } from './helpers/http.js';

const t = useEmulatorWithDevice();

const strings = (record: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, String(v)]));
const formPairs = (pairs: Array<[string, string]>) =>
  send(t.emu.url, '/api/create-message', { method: 'POST', body: new URLSearchParams(pairs) });
const lastSent = async () => (await outbox(t.emu.url, t.device.appkey)).at(-1);

describe('body encodings', () => {
  it('registers from a form-encoded body', async () => {
    expect(expectOk(await postForm(t.emu.url, '/api/auth', strings(registrationBody()))).data.authkey).toMatch(
      /^[0-9a-f]{40}$/,
    );
  });

  it('sends a text from a form-encoded body', async () => {
    const body = expectOk(
      await postForm(t.emu.url, '/api/create-message', { ...t.device.keys, to: CONTACT, message: 'via-form' }),
    );
    expect(body.message).toBe('Mensagem enviada com sucesso.');
    expect(await sentWithText(t.emu.url, t.device.appkey, 'via-form')).toHaveLength(1);
  });

  it('sends a text from a multipart body', async () => {
    expectOk(
      await postMultipart(t.emu.url, '/api/create-message', {
        ...t.device.keys,
        to: CONTACT,
        message: 'via-multipart',
      }),
    );
    expect(await sentWithText(t.emu.url, t.device.appkey, 'via-multipart')).toHaveLength(1);
  });

  it('pairs from a multipart body', async () => {
    expect(
      expectOk(await postMultipart(t.emu.url, '/api/v2/qrcode', { authkey: t.device.authkey, phone: '5511977776666' }))
        .code,
    ).toMatch(/^\d{8}$/);
  });

  it('reads a JSON body sent without a content type', async () => {
    const text = JSON.stringify({ ...t.device.keys, to: CONTACT, message: 'json-sem-tipo' });
    expectOk(await send(t.emu.url, '/api/create-message', { method: 'POST', body: new Blob([text]) }));
    expect(await sentWithText(t.emu.url, t.device.appkey, 'json-sem-tipo')).toHaveLength(1);
  });

  it('takes appkey and authkey from the query string', async () => {
    const query = new URLSearchParams(t.device.keys).toString();
    expectOk(await postJson(t.emu.url, `/api/create-message?${query}`, { to: CONTACT, message: 'chaves-na-query' }));
    expect(await sentWithText(t.emu.url, t.device.appkey, 'chaves-na-query')).toHaveLength(1);
  });

  it('applies the same validation to form bodies: missing to is 401 validation.required', async () => {
    expectError(
      await postForm(t.emu.url, '/api/create-message', { ...t.device.keys, message: 'sem destino' }),
      401,
      'validation.required',
    );
  });
});

describe('lists and objects in form bodies (PHP style)', () => {
  it.each([
    [
      'opcoes[]',
      [
        ['opcoes[]', 'Sim'],
        ['opcoes[]', 'Não'],
      ],
    ],
    [
      'opcoes[0]',
      [
        ['opcoes[0]', 'Sim'],
        ['opcoes[1]', 'Não'],
      ],
    ],
    ['JSON text', [['opcoes', '["Sim","Não"]']]],
  ] as Array<[string, Array<[string, string]>]>)('sends a poll with %s', async (_label, opcoes) => {
    expectOk(
      await formPairs([
        ['appkey', t.device.appkey],
        ['authkey', t.device.authkey],
        ['to', CONTACT],
        ['message', 'Vem?'],
        ...opcoes,
      ]),
    );
    expect((await lastSent())?.content.opcoes).toEqual(['Sim', 'Não']);
  });

  it('fills a template from variables[nome]', async () => {
    const templateId = await createTemplate(t.emu.url, t.device.authkey, 'Oi {{nome}}');
    expectOk(
      await formPairs([
        ...Object.entries(t.device.keys),
        ['to', CONTACT],
        ['template_id', templateId],
        ['variables[nome]', 'Ana'],
      ]),
    );
    expect((await lastSent())?.content.message).toBe('Oi Ana');
  });

  it('sends a carousel from cards[0][buttons][0][...] keys', async () => {
    expectOk(
      await formPairs([
        ...Object.entries(t.device.keys),
        ['to', CONTACT],
        ['message', 'cards-php'],
        ['cards[0][title]', 'Camisa'],
        ['cards[0][buttons][0][type]', 'quickReplyButton'],
        ['cards[0][buttons][0][displaytext]', 'Quero'],
        ['cards[0][buttons][0][id]', 'q1'],
      ]),
    );
    const entry = await lastSent();
    expect(entry?.kind).toBe('carousel');
    expect(JSON.stringify(entry?.content.cards)).toContain('q1');
  });
});

describe('flag values', () => {
  it.each([
    ['"true"', 'true'],
    ['true', true],
    ['"1"', '1'],
    ['1', 1],
    ['"on"', 'on'],
    ['"yes"', 'yes'],
  ])('accepts %s as a flag', async (_label, flag) => {
    expectOk(
      await postJson(t.emu.url, '/api/developer', { authkey: t.device.authkey, message: false, dispositivos: flag }),
    );
    expect(
      expectOk(
        await postJson(t.emu.url, '/api/developer', {
          authkey: t.device.authkey,
          message: t.device.id,
          checkDispositivo: flag,
        }),
      ).dispositivo.id,
    ).toBe(t.device.id);
    expect(
      expectOk(await postJson(t.emu.url, '/api/create-message', { ...t.device.keys, story: flag, message: 'status' }))
        .data.id,
    ).toBeDefined();
    expect(
      expectOk(
        await postJson(t.emu.url, '/api/settings', {
          ...t.device.keys,
          to: CONTACT,
          message: false,
          obterStatus: flag,
        }),
      ).userStatus,
    ).toBeDefined();
  });

  it.each([
    ['"false"', 'false'],
    ['false', false],
    ['"0"', '0'],
    ['0', 0],
  ])('accepts message = %s where the seed says it must be false', async (_label, value) => {
    const group = await createGroup(t.emu.url, t.device.appkey);
    expectOk(
      await postJson(t.emu.url, '/api/developer', { authkey: t.device.authkey, message: value, dispositivos: true }),
    );
    expect(
      expectOk(await postJson(t.emu.url, '/api/groups', { ...t.device.keys, message: value, infoConvite: group.id }))
        .grupo.id,
    ).toBe(group.id);
    expectOk(await postJson(t.emu.url, '/api/groups', { ...t.device.keys, message: value, obterConvite: group.id }));
  });

  it('accepts form-encoded flags and a form-encoded false', async () => {
    const body = expectOk(
      await postForm(t.emu.url, '/api/developer', { authkey: t.device.authkey, message: 'false', dispositivos: '1' }),
    );
    expect(body.dispositivos.map((d: { id: string }) => d.id)).toContain(t.device.id);
  });

  it('switches a webhook off with "false" and on with "1"', async () => {
    expect(
      expectOk(
        await postForm(t.emu.url, '/api/settings', {
          ...t.device.keys,
          type: 'chat',
          message: t.device.id,
          statusWebhook: 'false',
        }),
      ).message,
    ).toBe('Sucesso');
    expect(
      expectOk(
        await postForm(t.emu.url, '/api/settings', {
          ...t.device.keys,
          type: 'chat',
          message: t.device.id,
          statusWebhook: '1',
        }),
      ).message,
    ).toBe('Sucesso');
  });
});

describe('extra fields', () => {
  it('ignores licence and sandbox on a send, a registration and a pairing', async () => {
    const extra = { licence: 'ABC-123', sandbox: 'true' };
    expectOk(
      await postJson(t.emu.url, '/api/create-message', {
        ...t.device.keys,
        to: CONTACT,
        message: 'com-extras',
        ...extra,
      }),
    );
    expect(await sentWithText(t.emu.url, t.device.appkey, 'com-extras')).toHaveLength(1);
    expectOk(await postJson(t.emu.url, '/api/auth', { ...registrationBody(), ...extra }));
    expectOk(await postForm(t.emu.url, '/api/v2/qrcode', { authkey: t.device.authkey, ...extra }));
    expect((await checkDevice(t.emu.url, t.device.authkey, t.device.id)).id).toBe(t.device.id);
  });
});
