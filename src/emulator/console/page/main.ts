// The console's entry (bundled by scripts/build.mjs into dist/console/console.js): opens the live stream (carrying a
// deep link's chat from the start), follows a deep link `/?device=<device id>&contact=<digits>` to its chat, and
// renders the app. The deep link's device is read at once, beside the stream opening, so that its chat is read as soon
// as the stream is open (a chat is read only then: nothing sent in between is missed).
import { h, render } from 'preact';
import { api } from './api.js';
import { attempt, notify, openChat } from './data.js';
import { deepLinkFollowed, startLive } from './live.js';
import { normalizeRecipient } from '../../rules/recipients.js';
import { allDevices, setState, streamKey } from './store.js';
import { App } from './views/app.js';

const STATUS_CHAT = 'status@broadcast';

interface DeepLink {
  deviceId: string;
  contact: string;
}

/** `/?device=<device id>&contact=<chat>`, the chat named as the emulator names it (a JID becomes its digits). */
function deepLink(): DeepLink | undefined {
  const params = new URLSearchParams(location.search);
  const deviceId = params.get('device');
  const given = params.get('contact');
  if (!deviceId || !given) return undefined;
  const contact = given === STATUS_CHAT ? given : normalizeRecipient(given);
  if (contact) return { deviceId, contact };
  setState({ notice: `Not a contact or group: ${given}.` });
  return undefined;
}

function followDeepLink({ deviceId, contact }: DeepLink): void {
  api
    .devices()
    .then((accounts) => {
      const device = allDevices({ accounts }).find((d) => d.id === deviceId);
      if (device) attempt(() => openChat(device, contact));
      else setState({ notice: `No device ${deviceId} in the emulator.` });
    })
    .catch(notify)
    .finally(deepLinkFollowed);
}

const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  const link = deepLink();
  startLive(link && streamKey(link.deviceId, link.contact));
  if (link) followDeepLink(link);
  render(h(App, null), root);
}
