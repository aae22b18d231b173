// The web console's rows of `npm run bench`: (h) how long a chat of 10,000 messages takes to open in the console, and
// (i) what a console tab open costs the emulator's send rate. Chromium is Debian's, as in the browser tests.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CONTACT = '5521998765432';

export const hasChromium = () => existsSync(CHROMIUM);

export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

async function call(url, path, body) {
  const response = await fetch(url + path, {
    ...(body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const answer = await response.json();
  if (answer.status !== 200) throw new Error(`${path}: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

const messageId = (i) => `3EB0${String(i).padStart(16, '0')}`;

/** Puts a chat of `count` messages from the device into the emulator's state (one import, not `count` sends). */
export async function seedChat(url, deviceId, count) {
  const { status: _status, ...state } = await call(url, '/__emulator/state');
  const started = Date.parse('2030-01-01T00:00:00Z');
  state.tabelas.messages = Array.from({ length: count }, (_, i) => ({
    seq: i + 1,
    id: messageId(i),
    device_id: deviceId,
    destinatario: CONTACT,
    kind: 'text',
    content: JSON.stringify({ message: `Mensagem ${i + 1}` }),
    schedule_id: null,
    sent_at: started + i * 1000,
  }));
  await call(url, '/__emulator/state', state);
}

/** The id of the device with this appkey. */
export async function deviceId(url, appkey) {
  const { contas } = await call(url, '/__emulator/devices');
  return contas.flatMap((account) => account.dispositivos).find((device) => device.appkey === appkey).id;
}

/**
 * Milliseconds from the start of the navigation to `path` to the first frame on screen with the text of the element
 * matching `selector`: the tab's own account of it (Element Timing's render time, the frame's presentation). The
 * element gets its `elementtiming` attribute as it enters the page, before it is painted. Nothing of Playwright's
 * runs in the tab meanwhile: a locator's wait would compile Playwright's injected script there, 60–100 ms of the
 * tab's main thread while the page loads, which no user's browser pays.
 */
async function shownAfter(page, path, selector) {
  await page.addInitScript((wanted) => {
    new PerformanceObserver((entries) => {
      // Element timing entries (PerformanceElementTiming) carry these two; DOM's typings lack the type.
      /** @type {(PerformanceEntry & { identifier?: string; renderTime?: number })[]} */
      const timings = entries.getEntries();
      const shown = timings.find((entry) => entry.identifier === 'chatbot-bench');
      if (shown) console.debug(`chatbot-bench shown ${shown.renderTime}`);
    }).observe({ type: 'element', buffered: true });
    const look = () => {
      const element = document.querySelector(wanted);
      if (!element?.textContent) return;
      observer.disconnect();
      const ownsText = (node) => [...node.childNodes].some((child) => child.nodeType === 3 && child.textContent.trim());
      for (const node of [element, ...element.querySelectorAll('*')]) {
        if (ownsText(node)) node.setAttribute('elementtiming', 'chatbot-bench');
      }
    };
    const observer = new MutationObserver(look);
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }, selector);
  const shown = page.waitForEvent('console', { predicate: (m) => m.text().startsWith('chatbot-bench shown ') });
  await page.goto(path);
  return Number((await shown).text().split(' ').at(-1));
}

/** (h) Milliseconds from navigating to the chat's deep link to its newest message on screen, once per run. */
export async function chatOpenTimes(browser, url, device, count, runs) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const newest = `[data-message-id="${messageId(count - 1)}"]`;
    times.push(await shownAfter(page, `${url}/?device=${device}&contact=${CONTACT}`, newest));
    await page.close();
  }
  return times;
}

/**
 * (h)'s baseline: milliseconds from navigating a new tab to the emulator's smallest answer (GET /__emulator/health)
 * to its text on screen, once per run: what Chromium itself takes to show a page of the emulator.
 */
export async function blankOpenTimes(browser, url, runs) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    times.push(await shownAfter(page, `${url}/__emulator/health`, 'body'));
    await page.close();
  }
  return times;
}

/** How long a tab just opened is left to settle before (i)'s load: the load meets a tab open, not one opening. */
const SETTLE_MS = 1000;

/**
 * (i) A console tab open on the device's chat with `contact`, following the live stream, settled (its first reads
 * answered: a device's whole chat list, after earlier rounds' tens of thousands of chats, takes a while); returns it.
 */
export async function openConsole(browser, url, device, contact) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const reading = new Set();
  page.on('request', (request) => {
    if (!request.url().includes('/__emulator/events')) reading.add(request);
  });
  const done = (request) => reading.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await page.goto(`${url}/?device=${device}&contact=${contact}`);
  await page.getByRole('region', { name: /^Chat with / }).waitFor();
  await page.getByRole('status').filter({ hasText: 'live' }).waitFor();
  while (reading.size > 0) await page.waitForTimeout(50);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
  await page.waitForTimeout(SETTLE_MS);
  return page;
}
