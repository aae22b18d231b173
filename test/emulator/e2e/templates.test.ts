import { beforeAll, describe, expect, it } from 'vitest';
import { accountWithDevice, CONTACT, createTemplate, outbox, useEmulatorWithDevice } from './helpers/fixtures.js';
import { expectError, expectOk, postJson } from './helpers/http.js';

const t = useEmulatorWithDevice();
let templateId: string;
beforeAll(async () => {
  templateId = await createTemplate(
    t.emu.url,
    t.device.authkey,
    'Olá {{nome}}, seu pedido {{ pedido }} saiu. Obrigado, {{nome}}! {{cupom}}',
  );
});

const sendTemplate = (body: Record<string, unknown>, keys = t.device.keys) =>
  postJson(t.emu.url, '/api/create-message', { ...keys, to: CONTACT, ...body });

describe('sendTemplate', () => {
  it('fills every {{name}} from variables, keeps unknown placeholders, ignores extra variables', async () => {
    const reply = await sendTemplate({
      template_id: templateId,
      variables: { nome: 'Ana', pedido: '#4521', sobra: 'x' },
    });
    const body = expectOk(reply);
    expect(body.message).toBe('Template enviado com sucesso.');
    const entry = (await outbox(t.emu.url, t.device.appkey)).find((m) => m.id === body.data.idMensagem);
    expect(entry).toMatchObject({ kind: 'template', to: '5521998765432' });
    expect(entry!.content.message).toBe('Olá Ana, seu pedido #4521 saiu. Obrigado, Ana! {{cupom}}');
  });

  it('creates templates with distinct tpl_ ids', async () => {
    const other = await createTemplate(t.emu.url, t.device.authkey, 'Outro {{x}}');
    expect(other).not.toBe(templateId);
    expect(other).toMatch(/^tpl_[0-9a-f]{12}$/);
  });

  it('accepts an empty variables object', async () => {
    const body = expectOk(await sendTemplate({ template_id: templateId, variables: {} }));
    const entry = (await outbox(t.emu.url, t.device.appkey)).find((m) => m.id === body.data.idMensagem);
    expect(entry!.content.message).toBe('Olá {{nome}}, seu pedido {{ pedido }} saiu. Obrigado, {{nome}}! {{cupom}}');
  });

  it('unknown template: 404 Template não encontrado.', async () => {
    expectError(
      await sendTemplate({ template_id: 'tpl_000000000000', variables: {} }),
      404,
      'Template não encontrado.',
    );
  });

  it('a template of another account: 404 Template não encontrado.', async () => {
    const stranger = await accountWithDevice(t.emu.url);
    expectError(
      await sendTemplate({ template_id: templateId, variables: { nome: 'x' } }, stranger.keys),
      404,
      'Template não encontrado.',
    );
  });

  it('a template of another device of the same account works', async () => {
    const sibling = await accountWithDevice(t.emu.url);
    const own = await createTemplate(t.emu.url, sibling.authkey, 'Oi {{nome}}');
    const second = await postJson(t.emu.url, '/api/v2/qrcode', {
      authkey: sibling.authkey,
      setAppkey: `${sibling.appkey}-2`,
    });
    expectOk(
      await sendTemplate(
        { template_id: own, variables: { nome: 'Bia' } },
        { appkey: second.body.appkey, authkey: sibling.authkey },
      ),
    );
  });

  it.each([
    ['variables missing', { variables: undefined }],
    ['variables not an object', { variables: 42 }],
    ['to missing', { to: undefined }],
  ])('%s: 401 validation.required', async (_label, override) => {
    const body = { template_id: templateId, variables: { nome: 'Ana', pedido: '1' }, ...override };
    expectError(await sendTemplate(body), 401, 'validation.required');
  });
});
