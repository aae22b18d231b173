// docs/bot.md stays true: every send body is accepted by the emulator, every event example has the fields (and the
// value types) of the event the emulator delivers for the same action, the three example bots answer a contact, and
// the PHPUnit example passes; examples/first-bot/ holds the same code as the page, and is what runs.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOUND_EVENTS } from '../../src/emulator/control/inbound.js';
import { startTestEmulator } from '../emulator/e2e/helpers/fixtures.js';
import { expectOk, getJson, postJson, type Body } from '../emulator/e2e/helpers/http.js';
import { WebhookReceiver } from '../emulator/e2e/helpers/webhook-receiver.js';
import { freePort } from '../cli/test/bots.js';
import { BIN } from '../cli/support/harness.js';
import { readyLine } from '../support/ready-line.js';
import { waitFor } from '../support/wait-for.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { examplesOf, pageExamples, shapeOf } from './bot-page.js';

const CONTACT = '5521998765432';
const DEVICE_PHONE = '5511987654321';
const SENDS = [
  'text',
  'buttons',
  'poll',
  'carousel',
  'location',
  'media',
  'reply',
  'reaction',
  'template',
  'schedule',
  'story',
];

const sends = examplesOf('send');
const events = examplesOf('event');
const bots = examplesOf('bot');

let emu: RunningEmulator;
let receiver: WebhookReceiver;
const keys = { authkey: 'chave-da-pagina', appkey: 'pagina-bot' };

beforeAll(async () => {
  emu = await startTestEmulator({ tz: 'UTC' });
  receiver = await WebhookReceiver.start();
  expectOk(await postJson(emu.url, '/__emulator/setup', { ...keys, webhook: receiver.url }));
  expectOk(await postJson(emu.url, '/__emulator/connect', { appkey: keys.appkey, telefone: `+${DEVICE_PHONE}` }));
  const template = { authkey: keys.authkey, id: 'boas-vindas', texto: 'Olá {{nome}}, pedido {{pedido}}' };
  expectOk(await postJson(emu.url, '/__emulator/templates', { ...template, botoes: ['Confirmar'] }));
});
afterAll(async () => {
  await receiver.close();
  await emu.close();
});

/** The page's send body with the placeholders replaced by this emulator's keys. */
function sendBody(name: string): Body {
  const code = sends.get(name);
  if (code === undefined) throw new Error(`docs/bot.md has no "send ${name}" example`);
  return JSON.parse(code.replaceAll('<AUTH_KEY>', keys.authkey).replaceAll('<APP_KEY>', keys.appkey)) as Body;
}

async function sendExample(name: string, change: Body = {}): Promise<Body> {
  return expectOk(await postJson(emu.url, '/api/create-message', { ...sendBody(name), ...change }));
}

async function inbound(fields: Body): Promise<string> {
  const answer = expectOk(
    await postJson(emu.url, '/__emulator/inbound', { appkey: keys.appkey, de: CONTACT, nome: 'Ana', ...fields }),
  );
  return answer.idMessagem as string;
}

const sentId = (answer: Body) => answer.data.idMensagem as string;

/** Each event example's action: what makes the emulator deliver that event; resolves with the event. */
const ACTIONS: Record<string, () => Promise<Body>> = {
  'text Chat': async () => delivered('text', await inbound({ evento: 'text', mensagem: 'Oi' })),
  'text Chat reply': async () => {
    const quoted = sentId(await sendExample('text'));
    return delivered('text', await inbound({ evento: 'text', mensagem: 'Sim, confirmo', idMensagem: quoted }));
  },
  'text Chat group': async () => {
    const group = expectOk(await postJson(emu.url, '/__emulator/groups', { appkey: keys.appkey, titulo: 'Clientes' }));
    const grupo = group.grupo as string;
    return delivered('text', await inbound({ evento: 'text', grupo, mensagem: 'Bom dia, grupo!' }));
  },
  'text Me': async () => delivered('text', sentId(await sendExample('text'))),
  'media Chat': async () =>
    delivered(
      'media',
      await inbound({ evento: 'media', url: 'https://example.com/comprovante.pdf', mensagem: 'Comprovante' }),
    ),
  'media Me': async () => delivered('media', sentId(await sendExample('media'))),
  'button Chat': async () => {
    const message = sentId(await sendExample('buttons'));
    return delivered('button', await inbound({ evento: 'button', idMensagem: message, opcao: 'Sim' }));
  },
  'poll_vote Chat': async () => {
    const poll = sentId(await sendExample('poll'));
    return delivered('poll_vote', await inbound({ evento: 'poll_vote', idMensagem: poll, opcoes: ['Sábado'] }));
  },
  'reaction Chat': async () => {
    const message = sentId(await sendExample('text'));
    return delivered('reaction', await inbound({ evento: 'reaction', idMensagem: message, emoji: '❤️' }));
  },
  'reaction Me': async () => delivered('reaction', sentId(await sendExample('reaction'))),
  'location Chat': async () =>
    delivered(
      'location',
      await inbound({ evento: 'location', latitude: -8.0476, longitude: -34.877, mensagem: 'Estou aqui' }),
    ),
  'location Me': async () => delivered('location', sentId(await sendExample('location'))),
  'agendamento Sistema': async () => {
    const schedule = await sendExample('schedule');
    try {
      expectOk(await postJson(emu.url, '/__emulator/clock/set', { at: '2030-06-01T09:00:01Z' }));
      return await receiver.waitForEvent((e) => e.evento === 'agendamento' && e.idAgendamento === schedule.id);
    } finally {
      expectOk(await postJson(emu.url, '/__emulator/clock/reset', {}));
    }
  },
};

function delivered(evento: string, id: string): Promise<Body> {
  return receiver.waitForEvent((e) => e.evento === evento && e.idMessagem === id);
}

describe('docs/bot.md, its examples', () => {
  it('has one example of every send, every inbound event by a contact, and tipo Chat, Me and Sistema', () => {
    expect([...sends.keys()].sort()).toEqual([...SENDS].sort());
    const kinds = [...events.keys()].map((marker) => marker.split(' '));
    for (const evento of INBOUND_EVENTS) expect(kinds).toContainEqual(expect.arrayContaining([evento, 'Chat']));
    expect(new Set(kinds.map(([, tipo]) => tipo))).toEqual(new Set(['Chat', 'Me', 'Sistema']));
    expect([...events.keys()].sort()).toEqual(Object.keys(ACTIONS).sort());
    expect([...bots.keys()].sort()).toEqual(['node bot.mjs', 'php bot.php', 'python bot.py']);
    expect(pageExamples().filter((e) => e.marker[0]?.startsWith('php-'))).toHaveLength(2);
  });

  it.each(SENDS)('send %s: the emulator accepts the body as written (status 200)', async (name) => {
    const answer = await sendExample(name);
    expect(answer.status).toBe(200);
  });

  it.each(Object.keys(ACTIONS))(
    'event %s: the emulator delivers the same fields, of the same types',
    async (marker) => {
      const example = JSON.parse(events.get(marker) ?? '{}') as Body;
      const actual = await (ACTIONS[marker] as () => Promise<Body>)();
      expect(shapeOf(actual)).toEqual(shapeOf(example));
      const kind = (event: Body) => ({ evento: event.evento, tipo: event.tipo, isGrupo: event.isGrupo });
      expect(kind(actual)).toEqual(kind(example));
    },
  );
});

const SCRATCH = mkdtempSync(join(tmpdir(), 'bot-page-'));
afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

/** The page's code examples as files: the bots, and the PHP application with its test. */
const FIRST_BOT = resolve(import.meta.dirname, '../../examples/first-bot');
const fileOf = (marker: string[]) =>
  marker[0] === 'bot' ? join(FIRST_BOT, marker[2] ?? '') : join(FIRST_BOT, 'php-app', marker[1] ?? '');

describe('examples/first-bot/', () => {
  it('holds each bot and the PHP application and test of the page, as the page shows them', () => {
    const files = pageExamples().filter((e) => e.marker[0] === 'bot' || e.marker[0]?.startsWith('php-'));
    expect(files).toHaveLength(5);
    for (const { marker, code } of files)
      expect(readFileSync(fileOf(marker), 'utf8'), marker.join(' ')).toBe(`${code}\n`);
  });
});

function command(language: string, file: string, port: number): string[] {
  if (language === 'python') return ['python3', file];
  if (language === 'node') return [process.execPath, file];
  return ['php', '-S', `127.0.0.1:${port}`, file];
}

const READY = /Bot listening on port \d+|Development Server \(http:\/\/127\.0\.0\.1:\d+\) started/;

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

describe('docs/bot.md, its bots', () => {
  it.each([...bots.keys()])('%s answers a contact’s text with buttons, and a click with its choice', async (marker) => {
    const [language = '', name = ''] = marker.split(' ');
    const file = join(FIRST_BOT, name);
    const port = await freePort();
    const bot = { authkey: keys.authkey, appkey: `bot-${language}` };
    expectOk(await postJson(emu.url, '/__emulator/setup', { ...bot, webhook: `http://127.0.0.1:${port}/` }));
    const [program = '', ...args] = command(language, file, port);
    const env = {
      PATH: process.env.PATH,
      CHATBOT_BASE_URL: emu.url,
      CHATBOT_AUTHKEY: bot.authkey,
      CHATBOT_APPKEY: bot.appkey,
      PORT: String(port),
    };
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await readyLine(child, READY, { what: `the ${language} bot` });
      const outbox = async () =>
        expectOk(await getJson(emu.url, `/__emulator/outbox?appkey=${bot.appkey}`)).mensagens as Body[];
      const said = async (text: string) => (await outbox()).find((m) => m.to === CONTACT && m.content.message === text);
      const contact = { appkey: bot.appkey, de: `+${CONTACT}`, nome: 'Ana' };
      expectOk(await postJson(emu.url, '/__emulator/inbound', { ...contact, evento: 'text', mensagem: 'Oi' }));
      const question = await waitFor(() => said('Olá, Ana! Confirma o pedido?'), {
        what: `the ${language} bot's buttons`,
      });
      expect(question.kind).toBe('buttons');
      const click = { ...contact, evento: 'button', idMensagem: question.id, opcao: 'Sim' };
      expectOk(await postJson(emu.url, '/__emulator/inbound', click));
      await waitFor(() => said('Você escolheu: Sim'), { what: `the ${language} bot's answer to the click` });
      expect((await outbox()).map((m) => m.content.message)).toEqual([
        'Olá, Ana! Confirma o pedido?',
        'Você escolheu: Sim',
      ]);
    } finally {
      await stop(child);
    }
  });
});

describe('docs/bot.md, its PHPUnit test', () => {
  it('passes against the emulator started by `chatbot emulator start --port 0` (needs phpunit: apt install phpunit)', () => {
    const test = pageExamples().find((e) => e.marker[0] === 'php-test')?.marker[1] ?? '';
    const run = spawnSync('phpunit', ['--do-not-cache-result', test], {
      cwd: join(FIRST_BOT, 'php-app'),
      env: { PATH: process.env.PATH, HOME: SCRATCH, CHATBOT_BIN: BIN, CHATBOT_CONFIG_DIR: join(SCRATCH, 'config') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.error?.message, 'phpunit could not run: install it (apt install phpunit)').toBeUndefined();
    expect(run.stdout + run.stderr).toMatch(/OK \(1 test, 5 assertions\)/);
    expect(run.status).toBe(0);
  });
});
