// Once per run of the browser tests: Chromium is there (installed from Debian's packages when missing).
import { ensureChromium } from './support/chromium.js';

export default function setup(): void {
  ensureChromium();
}
