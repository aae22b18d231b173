// The console's entry (bundled by scripts/build.mjs into dist/console/console.js): renders the app, opens the live
// stream, and follows a deep link `/?device=<device id>&contact=<digits>` to its chat.
import { h, render } from 'preact';
import { attempt, devicesLoaded, openChat } from './data.js';
import { startLive } from './live.js';
import { normalizeRecipient } from '../../rules/recipients.js';
import { allDevices, setState } from './store.js';
import { App } from './views/app.js';

const STATUS_CHAT = 'status@broadcast';

function followDeepLink(): void {
  const params = new URLSearchParams(location.search);
  const deviceId = params.get('device');
  const given = params.get('contact');
  if (!deviceId || !given) return;
  // The chat as the emulator names it (a JID or a formatted number becomes its digits), so live events find it.
  const contact = given === STATUS_CHAT ? given : normalizeRecipient(given);
  if (!contact) {
    setState({ notice: `Not a contact or group: ${given}.` });
    return;
  }
  void devicesLoaded.then(() => {
    const device = allDevices().find((d) => d.id === deviceId);
    if (device) attempt(() => openChat(device, contact));
    else setState({ notice: `No device ${deviceId} in the emulator.` });
  });
}

const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(h(App, null), root);
  startLive();
  followDeepLink();
}
