// The console's entry (bundled by scripts/build.mjs into dist/console/console.js): renders the app, opens the live
// stream, and follows a deep link `/?device=<device id>&contact=<digits>` to its chat.
import { h, render } from 'preact';
import { attempt, devicesLoaded, openChat } from './data.js';
import { startLive } from './live.js';
import { allDevices, setState } from './store.js';
import { App } from './views/app.js';

function followDeepLink(): void {
  const params = new URLSearchParams(location.search);
  const deviceId = params.get('device');
  const contact = params.get('contact')?.replace(/[^\d@.a-z-]/gi, '');
  if (!deviceId || !contact) return;
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
