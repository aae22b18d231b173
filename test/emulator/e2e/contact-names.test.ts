// POST /__emulator/contacts/name: the name a contact goes by. The contact's events carry it as `nome` when the inbound
// call gives none (a name given there becomes the one it goes by), the chat list titles the chat with it, followers
// hear of it as a `contact` event, "" takes it back, and a bad name or number is refused.
import { describe, expect, it } from 'vitest';
import { useLibraryEmulator } from './helpers/fixtures.js';

const lib = useLibraryEmulator();

async function name(contato: string, nome: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${lib.emulator.url}/__emulator/contacts/name`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appkey: lib.device.appkey, contato, nome }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function nomeOf(phone: string, text: string, given?: string): Promise<unknown> {
  const contact = lib.emulator.control.contact(lib.device.appkey, phone, given === undefined ? {} : { name: given });
  const id = await contact.says(text);
  const delivery = await lib.emulator.control.waitForWebhook(lib.device.appkey, (d) => d.evento.idMessagem === id);
  return delivery.evento.nome;
}

const titleOf = async (chat: string) =>
  (await lib.emulator.control.chats(lib.device.appkey)).find((summary) => summary.chat === chat)?.titulo;

describe('a contact named', () => {
  it("puts the name in the contact's events and the chat list, and followers hear of it", async () => {
    const stream = lib.emulator.control.events({ resume: true })[Symbol.asyncIterator]();
    expect((await stream.next()).value?.type).toBe('snapshot');
    expect(await name('+55 21 99876-5432', '  Ana Souza ')).toEqual({
      status: 200,
      body: { status: 200, message: 'Nome salvo.', contato: '5521998765432', nome: 'Ana Souza' },
    });
    for (let next = await stream.next(); !next.done; next = await stream.next()) {
      if (next.value.type !== 'contact') continue;
      expect(next.value.data).toEqual({ dispositivo: lib.device.id, chat: '5521998765432', nome: 'Ana Souza' });
      break;
    }
    await stream.return(undefined);
    expect(await titleOf('5521998765432')).toBe('Ana Souza');
    expect(await nomeOf('+5521998765432', 'oi')).toBe('Ana Souza');
  });

  it('goes by a name an inbound call gives from then on, and by its number once the name is taken back', async () => {
    expect(await nomeOf('+5531987654321', 'oi', 'Bia')).toBe('Bia');
    expect(await nomeOf('+5531987654321', 'de novo')).toBe('Bia');
    expect(await titleOf('5531987654321')).toBe('Bia');
    expect((await name('5531987654321', '')).body.message).toBe('Nome removido.');
    expect(await nomeOf('+5531987654321', 'e agora')).toBe('5531987654321');
  });

  it('refuses a name on several lines or too long, and a number that is not one', async () => {
    for (const [contato, nome] of [
      ['5521998765432', 'Ana\nSouza'],
      ['5521998765432', 'a'.repeat(101)],
      ['ninguém', 'Ana'],
    ]) {
      const answer = await name(contato ?? '', nome ?? '');
      expect(answer.status, `${contato} ${nome}`).toBe(400);
    }
  });
});
