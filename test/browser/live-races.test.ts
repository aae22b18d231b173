// The two ways the console came to show a state that was not true, reproduced in Chromium by holding a read or the
// stream with page.route: (a) a change that arrives on the stream while an older read is out must not be overwritten
// when that read comes back, at the page's start and after a reset or a resync; (b) on a quiet emulator the first
// stream still gives a resume point, so a change made while the page reopens its stream (for the logs, a chat) is not
// lost.
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { startEmulator } from '../../src/emulator/index.js';
import { ControlClient } from '../../src/emulator/testing/client.js';
import type { TestDevice } from '../../src/emulator/testing/types.js';
import { botSends, CONTACT, useConsole } from './support/console.js';

const t = useConsole();

/** The reads a page making them beside its stream would apply together (page/data.ts's loadAll, before). */
const STATE_READS = ['/__emulator/devices', '/__emulator/clock', '/__emulator/faults'];

interface HeldReads {
  /** Resolves once every state read is answered by the emulator (and held), or once the page took a snapshot. */
  answeredOrSnapshot(): Promise<void>;
  /** Lets every held read's answer reach the page, and every read after it through. */
  release(): Promise<void>;
  holding: boolean;
}

/**
 * Answers the page's control reads from the emulator at once but hands the answers to the page only at `release`:
 * what the page applies then is what the emulator held before the test's changes. `holding` false lets reads through.
 */
async function holdReads(page: Page): Promise<HeldReads> {
  await page.addInitScript(() => {
    const Original = window.EventSource;
    window.EventSource = class extends Original {
      constructor(...args: ConstructorParameters<typeof EventSource>) {
        super(...args);
        this.addEventListener('snapshot', () => Object.assign(window, { snapshotsTaken: 1 }));
      }
    };
  });
  const held: (() => Promise<void>)[] = [];
  const answered = new Set<string>();
  const state: HeldReads = {
    holding: true,
    answeredOrSnapshot: () =>
      expect
        .poll(
          async () =>
            STATE_READS.every((path) => answered.has(path)) || (await page.evaluate(() => 'snapshotsTaken' in window)),
          { timeout: 10_000 },
        )
        .toBe(true),
    release: async () => {
      state.holding = false;
      await Promise.all(held.splice(0).map((fulfil) => fulfil()));
    },
  };
  const hold = async (route: Route) => {
    if (!state.holding || route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    answered.add(new URL(route.request().url()).pathname);
    held.push(() => route.fulfill({ response }));
  };
  await page.route(/\/__emulator\/(devices|clock|faults|chats|chat|requests|webhooks)/, hold);
  return state;
}

/** Changes every part of the state the stream carries to all: a fault rule, a device connected, the clock. */
async function change(device: TestDevice): Promise<void> {
  await t.control.faults.add({ operation: 'sendPoll', error: 'internal' });
  await t.control.connect(device.appkey);
  await t.control.clock.advance('2h');
}

async function showsChanges(page: Page, device: TestDevice): Promise<void> {
  await page.getByTestId('fault-badge').waitFor();
  await page.getByRole('button', { name: 'Devices', exact: true }).click();
  await page.locator(`[data-device-id="${device.id}"][data-connected=true]`).waitFor();
  await page.getByRole('button', { name: 'Test controls', exact: true }).click();
  await page.getByTestId('clock').filter({ hasText: '(moved)' }).waitFor();
}

/** A change through the stream after the reads were let go: once the page shows it, the reads were applied. */
async function roundTrip(page: Page, device: TestDevice): Promise<void> {
  await t.control.inbound(device.appkey, 'text', { de: CONTACT, mensagem: 'depois' });
  await expect.poll(() => page.title()).toMatch(/^\(\d+\)/);
}

async function stillShowsChanges(page: Page, device: TestDevice): Promise<void> {
  expect(await page.getByTestId('fault-badge').count()).toBe(1);
  expect(await page.getByTestId('clock').textContent()).toContain('(moved)');
  await page.getByRole('button', { name: 'Devices', exact: true }).click();
  expect(await page.locator(`[data-device-id="${device.id}"]`).getAttribute('data-connected')).toBe('true');
}

async function restore(): Promise<void> {
  await t.control.faults.clear();
  await t.control.clock.reset();
}

describe('a change on the stream while the page’s reads are out', () => {
  it('is not overwritten by the older reads when they come back, at the page’s start', async () => {
    const device = await t.control.setup({ connected: false });
    const page = await t.page();
    const reads = await holdReads(page);
    try {
      await page.goto(t.emu.url);
      await page.getByRole('status').filter({ hasText: 'live' }).waitFor();
      await reads.answeredOrSnapshot();
      await change(device);
      await showsChanges(page, device);
      await reads.release();
      await roundTrip(page, device);
      await stillShowsChanges(page, device);
    } finally {
      await restore();
    }
  });

  for (const after of ['reset', 'resync'] as const) {
    it(`is not overwritten by the older reads when they come back, after a ${after}`, async () => {
      const page = await t.page();
      const reads = await holdReads(page);
      reads.holding = false;
      let loseResumePoint = false;
      // A stream the page opens anew resumes from an id the emulator no longer keeps: it answers with a resync.
      await page.route('**/__emulator/events?**', (route) => {
        const url = new URL(route.request().url());
        if (loseResumePoint) url.searchParams.set('lastEventId', '999999999');
        loseResumePoint = false;
        return route.continue({ url: url.toString() });
      });
      try {
        await page.goto(t.emu.url);
        await page.getByRole('status').filter({ hasText: 'live' }).waitFor();
        await page.getByRole('button', { name: 'Devices', exact: true }).click();
        await page.evaluate(() => {
          delete (window as { snapshotsTaken?: number }).snapshotsTaken;
        });
        reads.holding = true;
        if (after === 'reset') await t.control.reset();
        else {
          loseResumePoint = true;
          await page.getByRole('button', { name: 'Logs', exact: true }).click();
        }
        await reads.answeredOrSnapshot();
        const device = await t.control.setup({ connected: false });
        await change(device);
        await showsChanges(page, device);
        await reads.release();
        await roundTrip(page, device);
        await stillShowsChanges(page, device);
      } finally {
        await restore();
      }
    });
  }
});

/** Holds the page's next stream until the returned function lets it open. */
async function holdNextStream(page: Page): Promise<() => Promise<void>> {
  let letOpen: () => void = () => undefined;
  const mayOpen = new Promise<void>((resolve) => (letOpen = resolve));
  let asked: () => void = () => undefined;
  const streamAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/__emulator/events?**', async (route) => {
    asked();
    await mayOpen;
    await route.continue();
  });
  return async () => {
    await streamAsked;
    letOpen();
  };
}

describe('a change while the page reopens its stream, on a quiet emulator', () => {
  const reopeners: [string, (page: Page) => Promise<void>][] = [
    ['for the logs', (page) => page.getByRole('button', { name: 'Logs', exact: true }).click()],
    [
      'for a chat',
      (page) =>
        page
          .getByRole('button', { name: new RegExp(CONTACT) })
          .first()
          .click(),
    ],
  ];
  for (const [why, reopen] of reopeners) {
    it(`is not lost: the first stream gave a resume point (${why})`, async () => {
      // An emulator of its own, that nobody followed: the page's first stream is the first, and carries no event.
      const emu = await startEmulator({ port: 0, db: ':memory:' });
      const control = new ControlClient(emu.url);
      try {
        const device = await control.setup();
        await botSends(emu.url, device, { message: 'antes' });
        const page = await t.page();
        await page.goto(emu.url);
        await page.getByRole('status').filter({ hasText: 'live' }).waitFor();
        await page
          .getByRole('button', { name: new RegExp(CONTACT) })
          .first()
          .waitFor();
        const letOpen = await holdNextStream(page);
        await reopen(page);
        await control.faults.add({ operation: 'sendPoll', error: 'internal' });
        await letOpen();
        await page.getByTestId('fault-badge').waitFor({ timeout: 10_000 });
      } finally {
        await emu.close();
      }
    });
  }
});
