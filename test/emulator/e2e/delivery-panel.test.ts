// What the console's delivery panel and chat read, over real HTTP: each webhook attempt carries both sides (the POST
// as sent, with the device's appkey masked, and the receiver's answer, its body cut), an edited event redelivers with
// the stored appkey in place of the masked one, and a stream that names a chat without the logs gets that chat's
// attempts and refused sends (in its snapshot and live), nothing else of the logs.
import { describe, expect, it } from 'vitest';
import type { LiveEvent, LiveSnapshot, WebhookDelivery } from '../../../src/emulator/control/types.js';
import { ControlClient } from '../../../src/emulator/testing/client.js';
import { maskValue } from '../../../src/emulator/rules/reasons.js';
import { waitFor } from '../../support/wait-for.js';
import { CONTACT, sendText, useEmulatorWithDevice } from './helpers/fixtures.js';
import { postJson } from './helpers/http.js';

const t = useEmulatorWithDevice({ receiver: true });
const control = () => new ControlClient(t.emu.url);
const digits = CONTACT.slice(1);

describe('a webhook attempt as the delivery panel shows it', () => {
  it("carries the POST as sent (appkey masked) and the receiver's answer; an edit redelivers with the stored appkey", async () => {
    t.receiver.failMatching((event) => event.mensagem === 'painel');
    const id = await control().inbound(t.device.appkey, 'text', { de: digits, mensagem: 'painel' });
    await control().waitForWebhook(
      t.device.appkey,
      (d: WebhookDelivery) => d.evento.idMessagem === id && d.estado === 'delivered',
    );
    const [failed, delivered] = (await control().attempts(t.device.appkey)).filter((a) => a.idMessagem === id);
    expect(failed).toMatchObject({
      chat: digits,
      enviado: {
        url: t.receiver.url,
        cabecalhos: { 'content-type': 'application/json', 'x-emulator-attempt': '1' },
        corpo: { idMessagem: id, mensagem: 'painel', instancia: maskValue(t.device.appkey) },
      },
      resposta: { corpo: 'erro', cortado: false, cabecalhos: { 'content-type': 'text/plain' } },
      httpStatus: 500,
    });
    expect(JSON.stringify(failed)).not.toContain(t.device.appkey);
    expect(delivered?.resposta?.corpo).toBe('OK');

    const edited = { ...failed?.enviado.corpo, mensagem: 'editado' };
    const again = await control().redeliver(failed?.entrega ?? 0, edited);
    const posted = await t.receiver.waitForEvent((event) => event.mensagem === 'editado');
    expect(posted).toMatchObject({ idMessagem: id, instancia: t.device.appkey });
    await control().waitForWebhook(t.device.appkey, (d) => d.id === again && d.estado === 'delivered');
    const refused = await postJson(t.emu.url, '/__emulator/webhooks/redeliver', { id: again, corpo: '[1]' });
    expect(refused.status).toBe(400);
  });
});

function follow(chats: string[]): { events: LiveEvent[]; stop: () => void } {
  const controller = new AbortController();
  const events: LiveEvent[] = [];
  void (async () => {
    try {
      for await (const event of control().events({ signal: controller.signal, chats, logs: false })) events.push(event);
    } catch {
      // Stopped.
    }
  })();
  return { events, stop: () => controller.abort() };
}

describe('a stream naming a chat, without the logs', () => {
  it("gets the chat's attempts and refused sends in its snapshot and live, and no other log row", async () => {
    const wrongKey = { appkey: t.device.appkey, authkey: 'chave-errada-de-quarenta-caracteres-0000' };
    const refuse = () => postJson(t.emu.url, '/api/create-message', { ...wrongKey, to: CONTACT, message: 'x' });
    await refuse();
    await sendText(t.emu.url, t.device, '+5511933334444', 'outro chat');
    const inbound = await control().inbound(t.device.appkey, 'text', { de: digits, mensagem: 'antes' });
    await t.receiver.waitForEvent((event) => event.idMessagem === inbound);
    await control().waitForWebhook(t.device.appkey, (d) => d.evento.idMessagem === inbound && d.estado === 'delivered');
    const follower = follow([`${t.device.id}:${digits}`]);
    try {
      const snapshot = await waitFor(() => follower.events.find((e) => e.type === 'snapshot')?.data as LiveSnapshot, {
        what: 'the snapshot',
      });
      expect(snapshot.requisicoes?.length).toBeGreaterThan(0);
      expect(snapshot.requisicoes?.every((r) => r.chat === digits && r.status === 401 && r.reason)).toBe(true);
      expect(snapshot.requisicoes?.[0]?.reason).toContain('is not an account of this emulator');
      expect(snapshot.tentativas?.some((a) => a.idMessagem === inbound)).toBe(true);
      expect(snapshot.tentativas?.every((a) => a.chat === digits)).toBe(true);
      await refuse();
      await sendText(t.emu.url, t.device, '+5511933334444', 'outro chat, ao vivo');
      const live = await waitFor(() => follower.events.find((e) => e.type === 'request'), { what: 'the refused send' });
      expect(live.data).toMatchObject({ chat: digits, dispositivo: null, status: 401 });
      await control().inbound(t.device.appkey, 'text', { de: digits, mensagem: 'depois' });
      await waitFor(() => follower.events.find((e) => e.type === 'webhook'), { what: 'the attempt' });
      expect(follower.events.filter((e) => e.type === 'request')).toHaveLength(1);
    } finally {
      follower.stop();
    }
  });
});
