// The console's entry (bundled by scripts/build.mjs into dist/console/console.js): opens the live stream (carrying a
// deep link's chat from the start), follows a deep link `/?device=<device id>&contact=<digits>` to its chat, and
// renders the app. A deep link's device and chat are read at once (the page's Link header had the browser fetch them
// beside this script) and shown; the chat is read again once the stream is open, so nothing sent in between is missed.
import { h, render } from 'preact';
import { api } from './api.js';
import { attempt, notify, openChat } from './data.js';
import { deepLinkFollowed, startLive } from './live.js';
import { allDevices, getState, setState, streamKey } from './store.js';
import { App } from './views/app.js';
import { readDeepLink, type DeepLink } from '../deep-link.js';

function deepLink(): DeepLink | undefined {
  const link = readDeepLink(new URLSearchParams(location.search));
  if (link && 'given' in link) setState({ notice: `Not a contact or group: ${link.given}.` });
  return link && 'deviceId' in link ? link : undefined;
}

function followDeepLink(link: DeepLink): void {
  // The chat's early read only saves time: without it, the chat is read once the stream is open, as any chat is.
  const chat = api.deepLinkChat(link).catch(() => undefined);
  Promise.all([api.devices(), chat])
    .then(([accounts, page]) => {
      // The devices as read now, until the read made once the stream is open replaces them.
      if (!getState().loaded) setState({ accounts, loaded: true });
      const device = allDevices({ accounts }).find((d) => d.id === link.deviceId);
      if (device) attempt(() => openChat(device, link.contact, page));
      else setState({ notice: `No device ${link.deviceId} in the emulator.` });
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
