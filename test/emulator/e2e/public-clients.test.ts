// Encodings of public clients (fetched from GitHub) that were run unchanged against the emulator ("Real clients run against the emulator"
// in docs/emulator.md), replayed exactly, with the answer fields those clients read.
import { describe, expect, it } from 'vitest';
import { CONTACT, outbox, useEmulatorWithDevice } from './helpers/fixtures.js';
import { expectOk, postMultipart } from './helpers/http.js';

const t = useEmulatorWithDevice();
const lastSent = async () => (await outbox(t.emu.url, t.device.appkey)).at(-1);

// jovem-tech/sistema-assistencia-erp, app/Services/WhatsApp/MenuiaProvider.php: PHP curl with an array body
// (multipart), `licence` and `sandbox` = "false", the phone as +55…; it keeps `$json['id']` as the provider's message id.
describe('an ERP provider (PHP curl multipart, reads id)', () => {
  const erpFields = { licence: 'hugocursos', sandbox: 'false', to: `+${CONTACT.replace(/\D/g, '')}` };

  it('answers a text send with id, the same as data.idMensagem', async () => {
    const body = expectOk(
      await postMultipart(t.emu.url, '/api/create-message', {
        ...erpFields,
        appkey: t.device.appkey,
        authkey: t.device.authkey,
        message: 'Sua OS 123 está pronta para retirada.',
      }),
    );
    expect(body.id).toBe(body.data.idMensagem);
    expect(await lastSent()).toMatchObject({ id: body.id, kind: 'text' });
  });

  it('keeps a local file sent as base64 with format, file name and descricao as a document, and answers its id', async () => {
    const pdf = Buffer.from('%PDF-1.4 orçamento da OS 123');
    const body = expectOk(
      await postMultipart(t.emu.url, '/api/create-message', {
        ...erpFields,
        appkey: t.device.appkey,
        authkey: t.device.authkey,
        format: 'pdf',
        message: 'orcamento-123.pdf',
        descricao: 'Orçamento da OS 123',
        file: pdf.toString('base64'),
      }),
    );
    expect(body.id).toBe(body.data.idMensagem);
    const entry = await lastSent();
    expect(entry).toMatchObject({ id: body.id, kind: 'media' });
    expect(entry?.content).toEqual({
      mediaType: 'document',
      fileName: 'orcamento-123.pdf',
      size: pdf.length,
      caption: 'Orçamento da OS 123',
    });
  });
});
