// `chatbot listen --json --forward-to` as users run it: the built binary, a real emulator delivering webhooks to it,
// and a forward target. Run `npm run build` first.
import { describe, expect, it } from 'vitest';
import { post, useEmulatorSandbox } from '../support/harness.js';
import { closedPort, deviceWithWebhook, RunningListener, send, Target, type Device } from './helpers.js';
import { waitFor } from '../../support/wait-for.js';

const CONTACT = '+5521998765432';

const t = useEmulatorSandbox({ shared: true });

/** A contact's click or vote with `chatbot emulator trigger` (in-process); returns the event's id. */
async function trigger(device: Device, args: string[]): Promise<string> {
  const result = await t.box.run([
    'emulator',
    'trigger',
    ...args,
    '--from',
    CONTACT,
    '--appkey',
    device.appkey,
    '--json',
  ]);
  if (result.exitCode !== 0) throw new Error(`trigger ${args[0]} failed: ${result.stderr}`);
  return String((JSON.parse(result.stdout) as Record<string, unknown>).idMessagem);
}

/** The five event kinds: three by sends (sendText, sendLocation, sendReaction), two by a contact's click and vote; returns id per kind. */
async function produceAllKinds(device: Device): Promise<Record<string, string>> {
  const text = await send(t.emulator.url, device, { to: CONTACT, message: 'olá do listen' });
  const location = await send(t.emulator.url, device, {
    to: CONTACT,
    latitude: '-8.0631',
    longitude: '-34.8711',
    message: 'Marco Zero',
  });
  const reaction = await send(t.emulator.url, device, {
    to: CONTACT,
    message: '👍',
    id: text,
    reactionMessage: 'true',
  });
  const buttons = await send(t.emulator.url, device, {
    to: CONTACT,
    message: 'Confirma?',
    buttons: [
      { type: 'replyButton', displaytext: 'Sim' },
      { type: 'replyButton', displaytext: 'Não' },
    ],
  });
  const button = await trigger(device, ['button', '--message-id', buttons, '--option', 'Sim']);
  const poll = await send(t.emulator.url, device, { to: CONTACT, message: 'Pizza hoje?', opcoes: ['Sim', 'Não'] });
  const pollVote = await trigger(device, ['poll-vote', '--message-id', poll, '--option', 'Não']);
  return { text, location, reaction, button, poll_vote: pollVote };
}

const withId = (events: Record<string, unknown>[], id: string) => events.filter((event) => event.idMessagem === id);

describe('chatbot listen --json --forward-to (binary, emulator)', () => {
  it('prints and forwards each of the five kinds exactly once; the switchWebhook chat switch stops chat events only', async () => {
    const target = await Target.start();
    const listener = await RunningListener.start(t.box, ['--port', '0', '--json', '--forward-to', target.url]);
    try {
      expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const device = await deviceWithWebhook(t.emulator.url, listener.url);
      const ids = await produceAllKinds(device);
      await waitFor(() => target.accepted().length >= 5 && listener.documents().length >= 5, {
        what: 'five events at both ends',
      });

      const printed = listener.documents();
      const forwarded = target.accepted();
      for (const [kind, id] of Object.entries(ids)) {
        expect(withId(printed, id), `${kind} printed`).toHaveLength(1);
        expect(withId(forwarded, id), `${kind} forwarded`).toHaveLength(1);
        expect(withId(printed, id)[0]).toMatchObject({ evento: kind, instancia: device.appkey });
      }
      expect(withId(printed, ids.text!)[0]).toMatchObject({ tipo: 'Me', mensagem: 'olá do listen' });
      expect(withId(printed, ids.location!)[0]).toMatchObject({ latitude: -8.0631, longitude: -34.8711 });
      expect(withId(printed, ids.reaction!)[0]).toMatchObject({ emoji: '👍' });
      expect(withId(printed, ids.button!)[0]).toMatchObject({ tipo: 'Chat', opcao: { texto: 'Sim' } });
      expect(withId(printed, ids.poll_vote!)[0]).toMatchObject({ tipo: 'Chat', opcoes: ['Não'] });
      // Forwarding re-sends the body unchanged, with its content type; NDJSON prints the same body.
      const stdoutLines = listener.lines();
      for (const received of target.received) {
        expect(received.contentType).toBe('application/json');
        expect(stdoutLines).toContain(received.raw);
      }

      const off = await post(`${t.emulator.url}/api/settings`, {
        appkey: device.appkey,
        authkey: device.authkey,
        type: 'chat',
        message: device.id,
        statusWebhook: false,
      });
      expect(off.status).toBe(200);
      const created = await post(`${t.emulator.url}/__emulator/groups`, { appkey: device.appkey, titulo: 'Equipe' });
      const group = String(created.grupo);
      await send(t.emulator.url, device, { to: CONTACT, message: 'chat com webhook desligado' });
      const inGroup = await send(t.emulator.url, device, { to: group, message: 'no grupo' });
      await waitFor(() => withId(listener.documents(), inGroup).length === 1, { what: 'the group event' });
      await waitFor(() => withId(target.accepted(), inGroup).length === 1, { what: 'the group event at the target' });
      expect(listener.documents().filter((e) => e.mensagem === 'chat com webhook desligado')).toHaveLength(0);
      expect(withId(listener.documents(), inGroup)[0]).toMatchObject({ destinatario: group, isGrupo: true });

      const result = await listener.stop();
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain(`Stopped: 6 events received, 6 forwarded to ${target.url}, 0 not delivered.`);
      expect(listener.documents()).toHaveLength(6);
    } finally {
      await listener.stop().catch(() => undefined);
      await target.close();
    }
  });

  it('retries a forward target that is down, then reports the event it could not deliver', async () => {
    const down = `http://127.0.0.1:${await closedPort()}/hook`;
    const listener = await RunningListener.start(t.box, ['--port', '0', '--json', '--forward-to', down]);
    try {
      const device = await deviceWithWebhook(t.emulator.url, listener.url);
      const id = await send(t.emulator.url, device, { to: CONTACT, message: 'ninguém em casa' });
      await waitFor(() => listener.stderr.includes('Could not forward'), {
        what: 'the undelivered report',
        timeoutMs: 20_000,
      });
      expect(listener.stderr).toContain(
        `Could not forward ${id} (text) to ${down}: connection refused after 5 attempts`,
      );
      expect(withId(listener.documents(), id)).toHaveLength(1);
      const result = await listener.stop();
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain(`Stopped: 1 event received, 0 forwarded to ${down}, 1 not delivered.`);
      expect(result.stderr).toContain(`  ${id} (text): connection refused after 5 attempts`);
    } finally {
      await listener.stop().catch(() => undefined);
    }
  });
});
