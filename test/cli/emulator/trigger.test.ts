// emulator trigger text|media|button|poll-vote|reaction|location: incoming events reach the device's webhook.
import { describe, expect, it } from 'vitest';
import { post } from '../support/harness.js';
import {
  CONTACT,
  CONTACT_DIGITS,
  controlGroup,
  outbox,
  requestsTo,
  usePairedDevice,
  type WebhookEvent,
} from '../support/paired-device.js';

const t = usePairedDevice({ receiver: true });

const run = (args: string[]) =>
  t.box.run(['emulator', 'trigger', ...args], { env: { CHATBOT_APPKEY: t.device.appkey } });
const send = (body: Record<string, unknown>, to = CONTACT) =>
  post(`${t.url}/api/create-message`, { authkey: t.device.authkey, appkey: t.device.appkey, to, ...body });

/** The id the confirmation line ends with: "(id 3EB0…)". */
function eventId(stdout: string): string {
  const id = /\(id (\S+)\)\n$/.exec(stdout)?.[1];
  if (!id) throw new Error(`no id in ${JSON.stringify(stdout)}`);
  return id;
}

const OTHER = '+5531987654321';
const OTHER_DIGITS = '5531987654321';
const byId = (id: string) => (event: WebhookEvent) => event.idMessagem === id;

async function sentPoll(multiple: boolean): Promise<string> {
  const reply = await send({ message: 'Almoço?', opcoes: ['Pizza', 'Sushi', 'Taco'], multiplaEscolha: multiple });
  expect(reply.status).toBe(200);
  return (reply.data as { idMensagem: string }).idMensagem;
}

describe('trigger text', () => {
  it("a contact's text reaches the webhook; the command prints the event id", async () => {
    const result = await run(['text', '--from', CONTACT, '--message', 'Oi, tudo bem?']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Text from ${CONTACT_DIGITS} received by the device`);
    const event = await t.receiver.waitForEvent(byId(eventId(result.stdout)));
    expect(event).toMatchObject({
      evento: 'text',
      tipo: 'Chat',
      remetente: CONTACT_DIGITS,
      mensagem: 'Oi, tudo bem?',
      isGrupo: false,
    });
  });

  it('--group and --name say where and who; --set overrides and adds payload fields', async () => {
    const group = await controlGroup(t.url, t.device.appkey);
    const result = await run([
      'text',
      '--from',
      CONTACT,
      '-m',
      'original',
      '--group',
      group.id,
      '--name',
      'Carla',
      '--set',
      'mensagem=substituída',
      '--set',
      'nome:="Carla Dias"',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    const event = await t.receiver.waitForEvent(byId(eventId(result.stdout)));
    expect(event).toMatchObject({ chat: group.id, isGrupo: true, nome: 'Carla Dias', mensagem: 'substituída' });
  });

  it('prints the control API body under --json', async () => {
    const result = await run(['text', '--from', CONTACT, '--message', 'oi', '--json']);
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc).toMatchObject({ status: 200, idMessagem: expect.any(String) });
  });

  it('refuses a bad --from, --group or --set before sending (exit 2)', async () => {
    const before = t.logged.requests.length;
    const badFrom = await run(['text', '--from', '123', '-m', 'oi']);
    expect(badFrom.exitCode).toBe(2);
    expect(badFrom.stderr).toContain('--from must be a phone number');
    const badGroup = await run(['text', '--from', CONTACT, '--message', 'oi', '--group', 'familia']);
    expect(badGroup.exitCode).toBe(2);
    expect(badGroup.stderr).toContain('--group must be a group id');
    const badSet = await run(['text', '--from', CONTACT, '--message', 'oi', '--set', 'sem-igual']);
    expect(badSet.exitCode).toBe(2);
    expect(badSet.stderr).toContain('--set must be key=value');
    const badJson = await run(['text', '--from', CONTACT, '--message', 'oi', '--set', 'n:={x']);
    expect(badJson.exitCode).toBe(2);
    expect(badJson.stderr).toContain('needs a JSON value');
    const noText = await run(['text', '--from', CONTACT]);
    expect(noText.exitCode).toBe(2);
    expect(noText.stderr).toContain('--message');
    expect(requestsTo(t.logged, '/__emulator/inbound', before)).toEqual([]);
  });
});

describe('trigger button', () => {
  it('a click on a reply button reaches the webhook with the chosen option', async () => {
    const sent = await send({
      message: 'Confirma o pedido?',
      buttons: [
        { type: 'replyButton', displaytext: 'Sim' },
        { type: 'replyButton', displaytext: 'Não' },
      ],
    });
    expect(sent.status).toBe(200);
    const messageId = (await outbox(t.url, t.device.appkey)).at(-1)?.id as string;
    const result = await run(['button', '--from', CONTACT, '--message-id', messageId, '--option', 'Não']);
    expect(result.exitCode, result.stderr).toBe(0);
    const event = await t.receiver.waitForEvent(byId(eventId(result.stdout)));
    expect(event).toMatchObject({ evento: 'button', mensagem: 'Não', idMensagemOriginal: messageId });
  });

  it("an option the message does not have: the emulator's message names the valid ones (exit 6)", async () => {
    await send({ message: 'Confirma?', buttons: [{ type: 'replyButton', displaytext: 'Sim' }] });
    const messageId = (await outbox(t.url, t.device.appkey)).at(-1)?.id as string;
    const result = await run(['button', '--from', CONTACT, '--message-id', messageId, '--option', 'Talvez']);
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toContain('Opção inválida: "Talvez"');
    expect(result.stderr).toContain('"Sim"');
  });

  it('an unknown message is 404 and exit 4', async () => {
    const result = await run(['button', '--from', CONTACT, '--message-id', '3EB0000000000000DEAD', '--option', 'Sim']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Mensagem não encontrada.');
  });

  it('without --message-id, clicks the latest message sent to that contact with that button', async () => {
    const yes = [{ type: 'replyButton', displaytext: 'Sim' }];
    await send({ message: 'Primeira?', buttons: yes });
    const latest = (await send({ message: 'Segunda?', buttons: yes })).data as { idMensagem: string };
    await send({ message: 'Outra', buttons: [{ type: 'replyButton', displaytext: 'Outro' }] });
    await send({ message: 'Terceira?', buttons: yes }, OTHER);
    const result = await run(['button', '--from', CONTACT, '--option', 'Sim']);
    expect(result.exitCode, result.stderr).toBe(0);
    const event = await t.receiver.waitForEvent(byId(eventId(result.stdout)));
    expect(event).toMatchObject({ evento: 'button', mensagem: 'Sim', idMensagemOriginal: latest.idMensagem });
  });

  it('without --message-id and no message to that contact with that button: 404 saying so (exit 4)', async () => {
    const result = await run(['button', '--from', '+5531987650000', '--option', 'Sim']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhuma mensagem enviada a 5531987650000 tem o botão "Sim"');
  });

  it('a click on a message sent to another contact is refused, naming both (exit 6)', async () => {
    const yes = [{ type: 'replyButton', displaytext: 'Sim' }];
    const sent = await send({ message: 'Só pra você', buttons: yes }, OTHER);
    const id = (sent.data as { idMensagem: string }).idMensagem;
    const result = await run(['button', '--from', CONTACT, '--message-id', id, '--option', 'Sim']);
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toContain(`A mensagem ${id} foi enviada a ${OTHER_DIGITS}, não a ${CONTACT_DIGITS}`);
  });
});

describe('trigger media', () => {
  it('a file from a contact reaches the webhook: caption, name and kind', async () => {
    const url = 'https://example.com/arquivos/comprovante.pdf';
    const result = await run(['media', '--from', CONTACT, '--url', url, '-m', 'Comprovante']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`File from ${CONTACT_DIGITS} received by the device`);
    const event = await t.receiver.waitForEvent(byId(eventId(result.stdout)));
    expect(event).toMatchObject({
      evento: 'media',
      tipo: 'Chat',
      mensagem: 'Comprovante',
      nomeArquivo: 'comprovante.pdf',
      tipoMidia: 'document',
      url,
    });
  });

  it('--filename and --type name a file whose URL does not', async () => {
    const url = 'https://example.com/f?id=9';
    const result = await run(['media', '--from', CONTACT, '--url', url, '--filename', 'foto.jpg', '--type', 'image']);
    expect(result.exitCode, result.stderr).toBe(0);
    const event = await t.receiver.waitForEvent(byId(eventId(result.stdout)));
    expect(event).toMatchObject({ evento: 'media', mensagem: '', nomeArquivo: 'foto.jpg', tipoMidia: 'image' });
  });

  it('refuses a URL that is not http(s) and an unknown --type before sending (exit 2)', async () => {
    const before = t.logged.requests.length;
    const ftp = await run(['media', '--from', CONTACT, '--url', 'ftp://example.com/a.pdf']);
    expect(ftp.exitCode).toBe(2);
    expect(ftp.stderr).toContain('--url must be an http(s) URL');
    const kind = await run(['media', '--from', CONTACT, '--url', 'https://example.com/a.pdf', '--type', 'sticker']);
    expect(kind.exitCode).toBe(2);
    expect(requestsTo(t.logged, '/__emulator/inbound', before)).toEqual([]);
  });
});

describe('trigger poll-vote', () => {
  it('a vote reaches the webhook with the option name', async () => {
    const pollId = await sentPoll(false);
    const result = await run(['poll-vote', '--from', CONTACT, '--message-id', pollId, '--option', 'Sushi']);
    expect(result.exitCode, result.stderr).toBe(0);
    const event = await t.receiver.waitForEvent(byId(eventId(result.stdout)));
    expect(event).toMatchObject({ evento: 'poll_vote', opcoes: ['Sushi'], idMensagemOriginal: pollId });
  });

  it('several options on a multiple-choice poll', async () => {
    const pollId = await sentPoll(true);
    const result = await run([
      'poll-vote',
      '--from',
      CONTACT,
      '--message-id',
      pollId,
      '--option',
      'Pizza',
      '--option',
      'Taco',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    const event = await t.receiver.waitForEvent(byId(eventId(result.stdout)));
    expect(event.opcoes).toEqual(['Pizza', 'Taco']);
  });

  it('several options on a single-choice poll, or an unknown option, are errors naming the valid ones (exit 6)', async () => {
    const pollId = await sentPoll(false);
    const several = await run([
      'poll-vote',
      '--from',
      CONTACT,
      '--message-id',
      pollId,
      '--option',
      'Pizza',
      '--option',
      'Taco',
    ]);
    expect(several.exitCode).toBe(6);
    expect(several.stderr).toContain('Esta enquete aceita uma única opção.');
    expect(several.stderr).toContain('"Pizza", "Sushi", "Taco"');
    const unknown = await run([
      'poll-vote',
      '--from',
      CONTACT,
      '--message-id',
      pollId,
      '--option',
      'Feijoada',
      '--json',
    ]);
    expect(unknown.exitCode).toBe(6);
    const error = JSON.parse(unknown.stderr).error;
    expect(error.status).toBe(400);
    expect(error.message).toContain('Opção inválida: "Feijoada"');
  });
});

describe('trigger reaction', () => {
  it('a reaction reaches the webhook with the emoji and the message id', async () => {
    await send({ message: 'Pedido enviado' });
    const messageId = (await outbox(t.url, t.device.appkey)).at(-1)?.id as string;
    const result = await run(['reaction', '--from', CONTACT, '--message-id', messageId, '--emoji', '👍']);
    expect(result.exitCode, result.stderr).toBe(0);
    const event = await t.receiver.waitForEvent(byId(eventId(result.stdout)));
    expect(event).toMatchObject({ evento: 'reaction', emoji: '👍', idMensagemOriginal: messageId });
  });

  it('refuses a missing --message-id (exit 2, nothing sent)', async () => {
    const before = t.logged.requests.length;
    const result = await run(['reaction', '--from', CONTACT, '--emoji', '👍']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--message-id');
    expect(requestsTo(t.logged, '/__emulator/inbound', before)).toEqual([]);
  });
});

describe('trigger location', () => {
  it('a shared location reaches the webhook with its coordinates', async () => {
    const result = await run([
      'location',
      '--from',
      CONTACT,
      '--lat',
      '-8.0476',
      '--lng',
      '-34.877',
      '-m',
      'Estou aqui',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    const event = await t.receiver.waitForEvent(byId(eventId(result.stdout)));
    expect(event).toMatchObject({ evento: 'location', mensagem: 'Estou aqui' });
    expect(Number(event.latitude)).toBeCloseTo(-8.0476);
    expect(Number(event.longitude)).toBeCloseTo(-34.877);
  });

  it('refuses coordinates out of range (exit 2, nothing sent)', async () => {
    const before = t.logged.requests.length;
    const lat = await run(['location', '--from', CONTACT, '--lat', '95', '--lng', '0']);
    expect(lat.exitCode).toBe(2);
    expect(lat.stderr).toContain('--lat must be a number from -90 to 90 (got "95")');
    const lng = await run(['location', '--from', CONTACT, '--lat', '0', '--lng', 'leste']);
    expect(lng.exitCode).toBe(2);
    expect(lng.stderr).toContain('--lng must be a number from -180 to 180');
    expect(requestsTo(t.logged, '/__emulator/inbound', before)).toEqual([]);
  });
});
