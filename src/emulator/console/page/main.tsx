// The console's entry (bundled by scripts/build.mjs into dist/console/console.js, which the page carries inline):
// shows the first reads the emulator put in the page (the devices, and a deep link's chat), renders the app, and once
// its first frame is presented opens the live stream, whose snapshot replaces them with the state at its position and
// whose events carry every change after it.
import { render } from 'preact';
import { attempt, openChat } from './data.js';
import { afterFirstFrame, firstFrameRendered } from './first-frame.js';
import { startLive } from './live.js';
import { useTimeZone } from './render/clock-time.js';
import { allDevices, setState } from './store.js';
import { App } from './views/app.js';
import { FIRST_READS_ID, readDeepLink, type DeepLink, type FirstReads } from '../deep-link.js';

function deepLink(): DeepLink | undefined {
  const link = readDeepLink(new URLSearchParams(location.search));
  if (link && 'given' in link) setState({ notice: `Not a contact or group: ${link.given}.` });
  return link && 'deviceId' in link ? link : undefined;
}

/** The first reads the emulator put in the page, taken out of it (keys are shown only where revealed). */
function firstReads(): FirstReads | undefined {
  const element = document.getElementById(FIRST_READS_ID);
  element?.remove();
  return element?.textContent ? (JSON.parse(element.textContent) as FirstReads) : undefined;
}

/** Opens a deep link's chat with the messages read for the page. */
function followDeepLink(link: DeepLink, chat: FirstReads['chat']): void {
  const device = allDevices().find((d) => d.id === link.deviceId);
  if (device) attempt(() => openChat(device, link.contact, chat ?? undefined));
  else setState({ notice: `No device ${link.deviceId} in the emulator.` });
}

const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  const reads = firstReads();
  // The devices as read for the page, until the stream's snapshot replaces them.
  if (reads) setState({ accounts: reads.devices.contas });
  useTimeZone(reads?.fuso);
  const link = deepLink();
  if (link) followDeepLink(link, reads?.chat ?? null);
  afterFirstFrame(startLive);
  render(<App />, root);
  firstFrameRendered();
}
