// A randomized check of the console as one ordered source (fast-check): rounds of changes (fault rules, a device
// connected or not, the clock, messages both ways) mixed with what a developer does (switching views, opening and
// closing chats, the stream dropped and taken up again), after each round every view compared with the control API.
// Rounds share one emulator and one page, as a developer's session does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestDevice } from '../../src/emulator/testing/types.js';
import { botSends, useConsole } from './support/console.js';

const t = useConsole();

/**
 * Rounds: each one to four actions, then every view compared. A round takes 1–1.5 s on two busy cores (it walks all
 * four views), so the suite runs what fits in about a minute; LIVE_RANDOM_ROUNDS=200 runs the 200.
 */
const ROUNDS = Number(process.env.LIVE_RANDOM_ROUNDS ?? 40);
const CONTACTS = ['5521990000001', '5521990000002', '5521990000003'];
const VIEWS = ['Phone', 'Devices', 'Logs', 'Test controls'] as const;

type Action =
  | { kind: 'fault-add' }
  | { kind: 'fault-clear' }
  | { kind: 'connect'; on: boolean }
  | { kind: 'clock'; advance: boolean }
  | { kind: 'bot-sends'; contact: number }
  | { kind: 'contact-sends'; contact: number }
  | { kind: 'view'; view: (typeof VIEWS)[number] }
  | { kind: 'open-chat'; contact: number }
  | { kind: 'close-chat' }
  | { kind: 'drop-stream' };

const contact = fc.integer({ min: 0, max: CONTACTS.length - 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.constant({ kind: 'fault-add' as const }),
  fc.constant({ kind: 'fault-clear' as const }),
  fc.boolean().map((on) => ({ kind: 'connect' as const, on })),
  fc.boolean().map((advance) => ({ kind: 'clock' as const, advance })),
  contact.map((c) => ({ kind: 'bot-sends' as const, contact: c })),
  contact.map((c) => ({ kind: 'contact-sends' as const, contact: c })),
  fc.constantFrom(...VIEWS).map((view) => ({ kind: 'view' as const, view })),
  contact.map((c) => ({ kind: 'open-chat' as const, contact: c })),
  fc.constant({ kind: 'close-chat' as const }),
  fc.constant({ kind: 'drop-stream' as const }),
);

interface Session {
  page: Page;
  /** The device whose chats the page shows. */
  talker: TestDevice;
  /** The device connected and disconnected. */
  toggled: TestDevice;
  sent: number;
}

const view = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();

async function perform(s: Session, step: Action): Promise<void> {
  const { page, talker } = s;
  switch (step.kind) {
    case 'fault-add':
      await t.control.faults.add({ operation: 'sendPoll', error: 'internal' });
      return;
    case 'fault-clear':
      await t.control.faults.clear();
      return;
    case 'connect':
      if (step.on) await t.control.connect(s.toggled.appkey);
      else await t.control.disconnect(s.toggled.appkey);
      return;
    case 'clock':
      if (step.advance) await t.control.clock.advance('1h');
      else await t.control.clock.reset();
      return;
    case 'bot-sends':
      await botSends(t.emu.url, talker, { to: CONTACTS[step.contact], message: `bot ${(s.sent += 1)}` });
      return;
    case 'contact-sends':
      await t.control.inbound(talker.appkey, 'text', { de: CONTACTS[step.contact], mensagem: `oi ${(s.sent += 1)}` });
      return;
    case 'view':
      await view(page, step.view);
      return;
    case 'open-chat':
      await view(page, 'Phone');
      await page
        .getByLabel('Chat with a number')
        .first()
        .fill(CONTACTS[step.contact] ?? '');
      await page.getByRole('button', { name: 'Open', exact: true }).first().click();
      return;
    case 'close-chat': {
      const close = page.getByRole('button', { name: /^Close the chat with / });
      if ((await close.count()) > 0) await close.first().click();
      return;
    }
    case 'drop-stream':
      await t.control.disconnectEvents();
      return;
  }
}

/** What the control API says now, in the terms the views show it. */
async function truth(s: Session) {
  const [faults, clock, devices] = await Promise.all([
    t.control.faults.list(),
    t.control.clock.now(),
    t.control.devices(),
  ]);
  const connected = devices.flatMap((c) => c.dispositivos).find((d) => d.id === s.toggled.id)?.conectado;
  return { faults: faults.length, moved: clock.moved, connected };
}

async function openChatIds(page: Page): Promise<Record<string, string[]>> {
  const regions = page.getByTestId('chat');
  const shown: Record<string, string[]> = {};
  for (const region of await regions.all()) {
    const chat = (await region.getAttribute('data-chat')) ?? '';
    shown[chat] = await region
      .getByTestId('message')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-message-id') ?? ''));
  }
  return shown;
}

/**
 * What each open chat shows that the emulator does not hold ('' when none): the message list keeps only what is on
 * screen in the DOM, so the ids shown must be the chat's, in its order, ending with its newest.
 */
async function chatsUntrue(s: Session, shown: Record<string, string[]>): Promise<string> {
  for (const [chat, ids] of Object.entries(shown)) {
    const held = (await t.control.chat(s.talker.appkey, chat)).mensagens.map((m) => m.id);
    const from = held.length - ids.length;
    if (from < 0 || ids.some((id, i) => held[from + i] !== id)) {
      return `${chat}: shown ${JSON.stringify(ids)}, held ${JSON.stringify(held)}`;
    }
  }
  return '';
}

/** Every view, compared with the control API (each waits for the stream to bring what the API says). */
async function compare(s: Session): Promise<void> {
  const { page } = s;
  const want = await truth(s);
  const poll = { timeout: 10_000 };
  for (const name of VIEWS) {
    await view(page, name);
    await expect.poll(() => page.getByTestId('fault-badge').count(), poll).toBe(want.faults > 0 ? 1 : 0);
    if (want.faults > 0)
      await expect
        .poll(() => page.getByTestId('fault-badge').textContent(), poll)
        .toContain(`${want.faults} fault rule`);
    if (name === 'Devices') {
      const shown = page.locator(`[data-device-id="${s.toggled.id}"]`);
      await expect.poll(() => shown.getAttribute('data-connected'), poll).toBe(String(want.connected));
    }
    if (name === 'Test controls') {
      await expect
        .poll(() => page.getByTestId('clock').textContent(), poll)
        .toContain(want.moved ? '(moved)' : '(real time)');
    }
    if (name === 'Phone') {
      await expect.poll(async () => chatsUntrue(s, await openChatIds(page)), poll).toBe('');
    }
  }
  await expect.poll(() => page.getByTestId('live').getAttribute('data-state'), poll).toBe('open');
}

describe('the console, followed at random', () => {
  it(`shows what the control API says after every round (${ROUNDS} rounds)`, { timeout: 900_000 }, async () => {
    const talker = await t.control.setup();
    const toggled = await t.control.setup({ connected: false });
    const page = await t.page();
    await page.goto(t.emu.url);
    await page.getByTestId('live').and(page.locator('[data-state=open]')).waitFor();
    const session: Session = { page, talker, toggled, sent: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 4 }), async (steps) => {
        for (const step of steps) await perform(session, step);
        await compare(session);
      }),
      { numRuns: ROUNDS, ...(process.env.LIVE_RANDOM_SEED ? { seed: Number(process.env.LIVE_RANDOM_SEED) } : {}) },
    );
    await t.control.faults.clear();
    await t.control.clock.reset();
  });
});
