// Every view of the console audited by axe-core (from its npm package, offline) in real Chromium, light and dark, at
// desktop and phone widths: no serious or critical violation. A failure lists each violation with its elements.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestDevice } from '../../src/emulator/testing/types.js';
import { botSends, CONTACT, openChat, useConsole } from './support/console.js';

const t = useConsole();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** The serious and critical violations axe finds on the page as it is now, one line each. */
async function audit(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe;
    const results = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: Violation[] };
    return results.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${v.impact ?? ''} ${v.id} (${v.help}) at ${JSON.stringify(node.target)}: ${node.failureSummary ?? ''}`,
      ),
    );
}

/** Passes when no view has a violation; else lists them all, a line each, view by view. */
function expectNone(found: Record<string, string[]>): void {
  const lines = Object.entries(found).flatMap(([view, violations]) => violations.map((line) => `${view}: ${line}`));
  expect(lines, `axe-core found:\n${lines.join('\n')}`).toHaveLength(0);
}

/** A chat with every kind the bot sends, the contact's answers, a reaction, a schedule; a device to pair; a rule. */
async function seed(): Promise<{ device: TestDevice; first: string }> {
  const device = await t.control.setup({ webhook: `${t.emu.url}/__emulator/health` });
  const send = async (body: Record<string, unknown>) => (await botSends(t.emu.url, device, body)).data?.idMensagem;
  await t.control.inbound(device.appkey, 'text', { de: CONTACT, nome: 'Ana', mensagem: 'Oi!' });
  const first = (await send({ message: 'Olá *Ana*! _Bem-vinda_ ~antiga~ ```A-42```' })) ?? '';
  await send({
    message: 'O que deseja?',
    buttons: [
      { type: 'replyButton', displaytext: 'Cardápio' },
      { type: 'urlButton', displaytext: 'Site', action: 'https://exemplo.com' },
      { type: 'callButton', displaytext: 'Ligar', action: '5521999999999' },
    ],
  });
  await t.control.inbound(device.appkey, 'text', { de: CONTACT, mensagem: 'Cardápio', idMensagem: first });
  const poll = await send({ message: 'Qual sabor?', opcoes: ['Manga', 'Caju'] });
  await t.control.inbound(device.appkey, 'poll_vote', { de: CONTACT, idMensagem: poll, opcoes: ['Caju'] });
  await send({
    message: 'Cards',
    cards: [{ title: 'A', buttons: [{ type: 'quickReplyButton', displaytext: 'Quero', id: 'q' }] }],
  });
  await send({ latitude: '-8.05', longitude: '-34.88', message: 'Nossa loja' });
  await send({ file: 'https://exemplo.com/boleto.pdf', message: 'boleto.pdf' });
  await t.control.inbound(device.appkey, 'reaction', { de: CONTACT, idMensagem: poll, emoji: '👍' });
  await send({ agendamento: '2099-01-01 09:00:00', message: 'Lembrete' });
  await t.control.setup({ connected: false });
  await t.control.faults.add({ operation: 'sendText', error: 'license', times: 1 });
  return { device, first };
}

let seeded: { device: TestDevice; first: string };
beforeAll(async () => {
  seeded = await seed();
});

describe.each(['light', 'dark'] as const)('axe-core on every view (%s)', (colorScheme) => {
  const page = (width = 1280) =>
    t.page({ bypassCSP: true, colorScheme, viewport: { width, height: width > 600 ? 860 : 667 } });
  const deepLink = () => `${t.emu.url}/?device=${seeded.device.id}&contact=${CONTACT}`;

  it('the chat list', async () => {
    const tab = await page();
    await tab.goto(t.emu.url);
    await tab
      .getByRole('region', { name: /^Chats of / })
      .first()
      .waitFor();
    expectNone({ view: await audit(tab) });
  });

  it('a chat with every kind of message, its react palette open', async () => {
    const tab = await page();
    await openChat(tab, t.emu.url, seeded.device);
    await tab.locator('[data-testid=message][data-kind=schedule]').waitFor();
    const message = tab.locator(`[data-message-id="${seeded.first}"]`);
    await message.getByRole('button', { name: 'React to this message' }).click();
    await message.getByRole('group', { name: 'Reactions to choose' }).waitFor();
    expectNone({ view: await audit(tab) });
  });

  it('the inspector', async () => {
    const tab = await page();
    await tab.goto(deepLink());
    await tab
      .locator(`[data-message-id="${seeded.first}"]`)
      .getByRole('button', { name: 'Inspect this message' })
      .click();
    await tab.getByTestId('inspector').getByText('POST /api/create-message').waitFor();
    expectNone({ view: await audit(tab) });
  });

  it('devices, logs and test controls', async () => {
    const tab = await page();
    await tab.goto(t.emu.url);
    await tab.getByRole('button', { name: 'Devices' }).click();
    await tab.locator('[data-testid=device][data-connected=false] img[data-testid=pairing-qr]').first().waitFor();
    const found: Record<string, string[]> = { devices: await audit(tab) };
    await tab.getByRole('button', { name: 'Logs' }).click();
    await tab.getByTestId('request-row').first().waitFor();
    Object.assign(found, { logs: await audit(tab) });
    await tab.getByRole('button', { name: 'Test controls' }).click();
    await tab.getByTestId('fault-rule').first().waitFor();
    Object.assign(found, { controls: await audit(tab) });
    expectNone(found);
  });

  it('the chat list and a chat at 375 px', async () => {
    const tab = await page(375);
    await tab.goto(t.emu.url);
    await tab
      .getByRole('region', { name: /^Chats of / })
      .first()
      .waitFor();
    const list = await audit(tab);
    await openChat(tab, t.emu.url, seeded.device);
    await tab.locator('[data-testid=message][data-kind=schedule]').waitFor();
    expectNone({ list, chat: await audit(tab) });
  });
});
