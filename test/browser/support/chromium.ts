// Real Chromium for the browser tests: Debian's package (/usr/bin/chromium), driven by playwright-core. Playwright's
// own browser download cannot be reached here; on this machine Chromium starts only with these flags (without the
// networking ones its connections are refused by the closed network). Playwright gives it a fresh profile.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Installs Debian's chromium when it is missing (as .ci/run does), or says why it cannot. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch (error) {
    throw new Error(`the browser tests need ${CHROMIUM} (Debian's chromium package): apt-get install chromium failed`, {
      cause: error,
    });
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
