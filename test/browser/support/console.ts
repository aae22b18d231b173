// What every browser test needs: a running emulator (in this process, on 127.0.0.1), one Chromium for the file, a
// fresh page per test, and the service calls a bot would make.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { ControlClient } from '../../../src/emulator/testing/client.js';
import type { TestDevice } from '../../../src/emulator/testing/types.js';
import { launchChromium } from './chromium.js';

export const CONTACT = '5521998765432';
/** Screenshots the tests take, for a person to look at (not compared). */
export const SCREENSHOTS = join(import.meta.dirname, '..', '..', '..', '.scratch', 'browser');

export interface ConsoleFixture {
  readonly emu: RunningEmulator;
  readonly control: ControlClient;
  readonly browser: Browser;
  /** A fresh page (its own context: 1280×860 unless `options` say otherwise), closed after the test. */
  page(options?: BrowserContextOptions): Promise<Page>;
}

export function useConsole(): ConsoleFixture {
  let emu: RunningEmulator | undefined;
  let browser: Browser | undefined;
  const pages: Page[] = [];
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [emu, browser] = await Promise.all([startEmulator({ port: 0, db: ':memory:' }), launchChromium()]);
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
  });
  afterAll(async () => {
    await browser?.close();
    await emu?.close();
  });
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('set up in beforeAll');
    return value;
  };
  return {
    get emu() {
      return need(emu);
    },
    get control() {
      return new ControlClient(need(emu).url);
    },
    get browser() {
      return need(browser);
    },
    async page(options = {}) {
      const context = await need(browser).newContext({ viewport: { width: 1280, height: 860 }, ...options });
      const page = await context.newPage();
      pages.push(page);
      return page;
    },
  };
}

/** A send of the bot: POST /api/create-message with the device's keys; returns the answer. */
export async function botSends(
  url: string,
  device: TestDevice,
  body: Record<string, unknown>,
): Promise<Record<string, unknown> & { data?: { idMensagem: string }; agendamento_id?: string }> {
  const res = await fetch(`${url}/api/create-message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appkey: device.appkey, authkey: device.authkey, to: CONTACT, ...body }),
  });
  const answer = (await res.json()) as Record<string, unknown> & { status: number };
  if (answer.status !== 200) throw new Error(`send answered ${JSON.stringify(answer)}`);
  return answer;
}

/** The console opened on a chat by its deep link. */
export async function openChat(page: Page, url: string, device: TestDevice, contact = CONTACT): Promise<void> {
  await page.goto(`${url}/?device=${device.id}&contact=${contact}`);
  await page
    .getByRole('region', { name: /^Chat with / })
    .first()
    .waitFor();
}
