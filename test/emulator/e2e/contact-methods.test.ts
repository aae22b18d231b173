// chatbot-cli/emulator's contact methods and waiting helpers, used as a bot's own test would: each thing a contact
// does reaches the device's webhook as its event, and waitForOutbox/waitForWebhook resolve on what comes, or fail.
import { describe, expect, it } from 'vitest';
import { useLibraryEmulator } from './helpers/fixtures.js';

const ANA = '+5521998765432';
const lib = useLibraryEmulator();

async function send(fields: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${lib.emulator.url}/api/create-message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ authkey: lib.device.authkey, appkey: lib.device.appkey, to: ANA, ...fields }),
  });
  const answer = (await response.json()) as { status: number; idMessagem?: string; id?: string };
  expect(answer.status).toBe(200);
  return (await lib.emulator.control.waitForOutbox(lib.device.appkey, (m) => m.content.message === fields.message)).id;
}

/** The event the device's webhook got for the inbound event `id`, once delivered. */
async function delivered(id: string): Promise<Record<string, unknown>> {
  const delivery = await lib.emulator.control.waitForWebhook(
    lib.device.appkey,
    (d) => d.estado === 'delivered' && d.evento.idMessagem === id,
  );
  return delivery.evento;
}

describe('a contact of the device', () => {
  it('says, clicks, votes, reacts, shares a location and sends a file, each an event of its kind', async () => {
    const ana = lib.emulator.control.contact(lib.device.appkey, ANA, { name: 'Ana' });
    expect(await delivered(await ana.says('oi'))).toMatchObject({ evento: 'text', mensagem: 'oi', nome: 'Ana' });

    const menu = await send({
      message: 'Quer pizza?',
      buttons: [
        { type: 'replyButton', displaytext: 'Sim', id: 's' },
        { type: 'replyButton', displaytext: 'Não', id: 'n' },
      ],
    });
    expect(await delivered(await ana.clicks('Sim'))).toMatchObject({
      evento: 'button',
      opcao: { id: 's', texto: 'Sim' },
      idMensagemOriginal: menu,
    });
    const poll = await send({ message: 'Sabores?', opcoes: ['Manga', 'Uva', 'Coco'], multiplaEscolha: true });
    expect(await delivered(await ana.votes(['Manga', 'Coco']))).toMatchObject({
      evento: 'poll_vote',
      idEnquete: poll,
      opcoes: ['Manga', 'Coco'],
    });
    expect(await delivered(await ana.reacts('👍', menu))).toMatchObject({ evento: 'reaction', emoji: '👍' });
    expect(await delivered(await ana.sharesLocation(-8.05, -34.88, 'Aqui'))).toMatchObject({
      evento: 'location',
      latitude: -8.05,
      longitude: -34.88,
      mensagem: 'Aqui',
    });
    const file = await ana.sendsFile({ url: 'https://exemplo.com/nota.pdf', caption: 'Minha nota' });
    expect(await delivered(file)).toMatchObject({ evento: 'media', nomeArquivo: 'nota.pdf', tipoMidia: 'document' });
    expect(await delivered(await ana.says('Sim, quero', { replyTo: menu }))).toMatchObject({
      idMensagemCitada: menu,
      mensagemCitada: 'Quer pizza?',
    });
  });

  it('clicks the latest message to that contact with the button, as the emulator chooses (not the latest with any)', async () => {
    const carla = lib.emulator.control.contact(lib.device.appkey, '+5541987654321');
    const menu = await send({
      to: '+5541987654321',
      message: 'Menu da Carla',
      buttons: [{ type: 'replyButton', displaytext: 'Pedir', id: 'p' }],
    });
    await send({
      to: '+5541987654321',
      message: 'Outra pergunta',
      buttons: [{ type: 'replyButton', displaytext: 'Talvez', id: 't' }],
    });
    await send({ message: 'Menu da Ana', buttons: [{ type: 'replyButton', displaytext: 'Pedir', id: 'p' }] });
    expect(await delivered(await carla.clicks('Pedir'))).toMatchObject({
      evento: 'button',
      opcao: { id: 'p', texto: 'Pedir' },
      idMensagemOriginal: menu,
    });
  });

  it('cannot click or vote where the device sent nothing to answer, and says so', async () => {
    const bruno = lib.emulator.control.contact(lib.device.appkey, '+5531987654321');
    await expect(bruno.clicks('Sim')).rejects.toThrow(
      'answered 404: Nenhuma mensagem enviada a 5531987654321 tem o botão "Sim"',
    );
    await expect(bruno.votes(['Manga'])).rejects.toThrow('The device sent a poll to 5531987654321 yet');
  });
});

describe('waiting for what the device sends', () => {
  it('resolves with a message sent after the wait began, the first that fits', async () => {
    const waiting = lib.emulator.control.waitForOutbox(lib.device.appkey, (m) => m.content.message === 'chegou');
    await send({ message: 'chegou' });
    expect(await waiting).toMatchObject({ to: ANA.slice(1), kind: 'text', content: { message: 'chegou' } });
  });

  it('fails after its limit, saying what it waited for and how many there were', async () => {
    const count = (await lib.emulator.control.outbox(lib.device.appkey)).length;
    await expect(
      lib.emulator.control.waitForOutbox(lib.device.appkey, (m) => m.content.message === 'nunca', { timeoutMs: 300 }),
    ).rejects.toThrow(`No message sent by ${lib.device.appkey} within 300 ms (${count} there, none that fits)`);
    await expect(
      lib.emulator.control.waitForWebhook(lib.device.appkey, (d) => d.estado === 'failed', { timeoutMs: 300 }),
    ).rejects.toThrow(/^No webhook delivery of \S+ within 300 ms \(\d+ there, none that fits\)$/);
  });
});
