// chatbot test against an emulator already running (--emulator-url), with a scripted bot: the device already
// configured or pointed at the bot, what a failure says when the bot stays silent, sends too much or lacks a button,
// --grep and --bail, the exit codes for what cannot be reached, and keys never printed.
import { describe, expect, it } from 'vitest';
import { startScriptedBot, type RunningBot, type Script } from './bots.js';
import { useBotSuite } from './suite.js';

const KEYS = { authkey: 'chave-do-bot-roteirizado-0123456789', appkey: 'roteiro' };

const suite = useBotSuite('runner', KEYS.appkey);
const { conversationFile } = suite;

async function scripted(script: Script): Promise<RunningBot> {
  suite.bot = await startScriptedBot(suite.emulator.url, KEYS, script);
  return suite.bot;
}

const run = (args: string[]) =>
  suite.box.run(['test', ...args, '--emulator-url', suite.emulator.url, '--step-timeout', '1'], {
    env: { CHATBOT_AUTHKEY: KEYS.authkey },
  });

/** Answers each text with "eco: <text>". */
const echo: Script = async (event, send) => {
  await send({ to: event.chat, message: `eco: ${String(event.mensagem)}` });
  return 200;
};

const ECHO_CONVERSATIONS = `conversations:
  - name: ecoa oi
    steps:
      - say: oi
      - expect: 'eco: oi'
  - name: ecoa tchau
    steps:
      - say: tchau
      - expect: 'eco: tchau'
`;

describe('against a running emulator', () => {
  it("uses the device as it is configured when there is no --bot-url (the bot's webhook already set)", async () => {
    const { url } = await scripted(echo);
    await fetch(`${suite.emulator.url}/__emulator/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...KEYS, webhook: url }),
    });
    const result = await run([conversationFile(ECHO_CONVERSATIONS)]);
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('Conversations: 2 passed, 0 failed, 0 skipped');
  });

  it('points the device at --bot-url, and a device that is not there is a usage error without it', async () => {
    const { url } = await scripted(echo);
    const file = conversationFile(ECHO_CONVERSATIONS);
    expect((await run([file, '--bot-url', url])).exitCode).toBe(0);
    const elsewhere = conversationFile(`device: nao-existe\n${ECHO_CONVERSATIONS}`);
    const missing = await run([elsewhere]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(`No device named "nao-existe" in the emulator at ${suite.emulator.url}`);
    expect(missing.stderr).toContain(`its devices are named "${KEYS.appkey}"`);
  });

  it('finds a device by its name when it differs from its appkey (a file exported from the console)', async () => {
    const other = { authkey: KEYS.authkey, appkey: 'chave-do-balcao-0123456789abcdef' };
    suite.bot = await startScriptedBot(suite.emulator.url, other, echo);
    const { url } = suite.bot;
    await suite.control('/__emulator/setup', { ...other, webhook: url });
    await suite.control('/api/settings', { ...other, altereNome: true, message: 'Balcão' });
    const file = conversationFile(`device: "Balcão"\n${ECHO_CONVERSATIONS}`);
    const result = await run([file]);
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('Conversations: 2 passed, 0 failed, 0 skipped');
    expect(result.stdout + result.stderr).not.toContain(other.appkey);
    const outbox = await fetch(`${suite.emulator.url}/__emulator/outbox?appkey=${other.appkey}`);
    expect(((await outbox.json()) as { mensagens: unknown[] }).mensagens).toHaveLength(2);

    const misspelt = await run([conversationFile(`device: "Balcao"\n${ECHO_CONVERSATIONS}`)]);
    expect(misspelt.exitCode).toBe(2);
    expect(misspelt.stderr).toContain(`No device named "Balcao" in the emulator at ${suite.emulator.url}`);
    expect(misspelt.stderr).toContain('"Balcão"');
  });

  it('--grep runs only the conversations it matches; --bail skips the rest after a failure', async () => {
    const { url } = await scripted(echo);
    const file = conversationFile(ECHO_CONVERSATIONS.replace("expect: 'eco: oi'", "expect: 'eco: OI'"));
    const grep = await run([file, '--bot-url', url, '--grep', 'tchau']);
    expect(grep.exitCode).toBe(0);
    expect(grep.stdout).toContain('Conversations: 1 passed, 0 failed, 0 skipped');
    expect(grep.stdout).not.toContain('ecoa oi');
    const bail = await run([file, '--bot-url', url, '--bail', '--parallel', '1']);
    expect(bail.exitCode).toBe(1);
    expect(bail.stdout).toContain(`- ${file} › ecoa tchau (skipped: --bail after a failure)`);
    expect(bail.stdout).toContain('Conversations: 0 passed, 1 failed, 1 skipped');
  });
});

describe('what a failure says', () => {
  it('a silent bot: nothing came within the limit, and why: its webhook answered 500', async () => {
    const { url } = await scripted(() => Promise.resolve(500));
    const file = conversationFile(
      'conversations:\n  - name: calado\n    steps:\n      - say: oi\n      - expect: Olá\n',
    );
    const result = await run([file, '--bot-url', url]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      `Failed at ${file}:6: expected text "Olá" within 1.0 s; the bot sent nothing (the webhook delivery of the contact's last event is pending after`,
    );
    expect(result.stdout).toContain('HTTP 500');
    expect(result.stdout).toContain('        - kind: text\n        - text: "Olá"\n        + (nothing)');
  });

  it('`webhook: delivered` holds once the bot answered each of the contact’s events 2xx, and names what it did not', async () => {
    const { url } = await scripted(async (event, send) => {
      if (event.mensagem === 'falha') return 500;
      await send({ to: event.chat, message: `eco: ${String(event.mensagem)}` });
      return 200;
    });
    const answered = conversationFile(
      "conversations:\n  - name: respondido\n    steps:\n      - say: oi\n      - expect: 'eco: oi'\n      - webhook: delivered\n",
    );
    const passed = await run([answered, '--bot-url', url]);
    expect(passed.exitCode, passed.stdout + passed.stderr).toBe(0);
    expect(passed.stdout).toContain('Conversations: 1 passed, 0 failed, 0 skipped');

    const refused = conversationFile(
      "conversations:\n  - name: recusado\n    steps:\n      - say: oi\n      - expect: 'eco: oi'\n      - say: falha\n      - webhook: delivered\n",
    );
    const failed = await run([refused, '--bot-url', url]);
    expect(failed.exitCode).toBe(1);
    expect(failed.stdout).toContain(
      `Failed at ${refused}:8: expected the bot to answer 2xx to every event of the contact; 1 not answered (last error: HTTP 500`,
    );
    // It sent earlier in the conversation: its address and keys are right, so the report does not send it looking.
    expect(failed.stdout).toContain(
      'nothing arrived from the bot since the step before this one: no request for this device or contact reached the emulator',
    );
    expect(failed.stdout).toContain(
      'the bot sent a message earlier in this conversation, so it sends to the right place with the right keys',
    );
    expect(failed.stdout).toContain("the bot answered the contact's message with HTTP 500: its webhook handler failed");
    expect(failed.stdout).not.toContain('the bot must send to');
  });

  it('a bot that says more than expected fails `nothing`', async () => {
    const { url } = await scripted(async (event, send) => {
      await send({ to: event.chat, message: 'um' });
      await send({ to: event.chat, message: 'dois' });
      return 200;
    });
    const file = conversationFile(
      'conversations:\n  - name: falante\n    steps:\n      - say: oi\n      - expect: um\n      - nothing: 500ms\n',
    );
    const result = await run([file, '--bot-url', url]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('expected nothing for 500 ms; the bot sent text "dois"');
  });

  it('a click on a button the bot never sent names the buttons it did send', async () => {
    const { url } = await scripted(async (event, send) => {
      const buttons = ['Sim', 'Não'].map((text) => ({ type: 'replyButton', displaytext: text }));
      await send({ to: event.chat, message: 'Confirma?', buttons });
      return 200;
    });
    const file = conversationFile(
      'conversations:\n  - name: botao\n    steps:\n      - say: oi\n      - expect: { buttons: [Sim, Não] }\n      - click: Talvez\n',
    );
    const result = await run([file, '--bot-url', url]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('no message of the bot has a button "Talvez" (the buttons it sent: Sim, Não)');
  });

  it('a group conversation: members write from their own numbers, in the group', async () => {
    const seen: string[] = [];
    const { url } = await scripted(async (event, send) => {
      seen.push(`${String(event.nome)}@${event.chat === event.remetente ? 'chat' : 'grupo'}`);
      await send({ to: event.chat, message: `oi, ${String(event.nome)}` });
      return 200;
    });
    const file = conversationFile(
      'conversations:\n  - name: grupo\n    group: { title: Turma, members: [Ana, Bia] }\n    steps:\n      - say: oi\n      - expect: oi, Ana\n      - say: oi\n        from: Bia\n      - expect: oi, Bia\n',
    );
    const result = await run([file, '--bot-url', url]);
    expect(result.exitCode, result.stdout).toBe(0);
    expect(seen).toEqual(['Ana@grupo', 'Bia@grupo']);
  });
});

describe('exit codes and keys', () => {
  it('7 when nothing answers at --emulator-url or at --bot-url', async () => {
    const file = conversationFile(ECHO_CONVERSATIONS);
    const noEmulator = await suite.box.run(['test', file, '--emulator-url', 'http://127.0.0.1:9']);
    expect(noEmulator.exitCode).toBe(7);
    expect(noEmulator.stderr).toContain('No emulator answers at http://127.0.0.1:9');
    const noBot = await run([file, '--bot-url', 'http://127.0.0.1:9/']);
    expect(noBot.exitCode).toBe(7);
    expect(noBot.stderr).toContain('Nothing answers at --bot-url http://127.0.0.1:9/ — start your bot first');
  });

  it('2 when the port of its own emulator is taken, pointing at --emulator-url', async () => {
    const { url } = await scripted(echo);
    const result = await suite.box.run(
      ['test', conversationFile(ECHO_CONVERSATIONS), '--bot-url', url, '--port', String(suite.emulator.port)],
      {
        env: { CHATBOT_AUTHKEY: KEYS.authkey },
      },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`Port ${suite.emulator.port} is already in use`);
    expect(result.stderr).toContain(`--emulator-url http://127.0.0.1:${suite.emulator.port}`);
  });

  it('2 when its own emulator needs the bot (no --bot-url) or the keys (no authkey)', async () => {
    const file = conversationFile(ECHO_CONVERSATIONS);
    const noBot = await suite.box.run(['test', file, '--port', '0']);
    expect(noBot.exitCode).toBe(2);
    expect(noBot.stderr).toContain('The emulator this run starts has no bot: pass --bot-url');
    const { url } = await scripted(echo);
    const noKey = await suite.box.run(['test', file, '--port', '0', '--bot-url', url]);
    expect(noKey.exitCode).toBe(2);
    expect(noKey.stderr).toContain('pass --authkey or set CHATBOT_AUTHKEY');
  });

  it('never prints the authkey, whatever the bot sends back', async () => {
    const { url } = await scripted(async (event, send) => {
      await send({ to: event.chat, message: `sua chave: ${KEYS.authkey}` });
      return 200;
    });
    const file = conversationFile(
      'conversations:\n  - name: vaza\n    steps:\n      - say: oi\n      - expect: nada\n',
    );
    for (const reporter of ['default', 'tap', 'junit', 'json']) {
      const result = await run([file, '--bot-url', url, '--reporter', reporter]);
      expect(result.exitCode).toBe(1);
      expect(result.stdout + result.stderr).not.toContain(KEYS.authkey);
      expect(result.stdout).toContain('sua chave: chav');
    }
  });
});
