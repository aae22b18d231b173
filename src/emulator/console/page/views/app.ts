// The console's frame: the views, the fault badge on every one while a rule is armed, the stream's state, notices.
import { h } from 'preact';
import type { Node } from '../render/node.js';
import { useEffect } from 'preact/hooks';
import { setState, useConsole, type View } from '../store.js';
import { ControlsView } from './controls.js';
import { DevicesView } from './devices.js';
import { LogsView } from './logs.js';
import { FIRST_FRAME_MARK } from '../first-frame.js';
import { PhoneView } from './phone.js';
import { icon } from '../render/icons.js';
import { SkipLink } from './keyboard.js';

const VIEWS: Record<View, string> = { phone: 'Phone', devices: 'Devices', logs: 'Logs', controls: 'Test controls' };

/** The tab's title: unread messages first, as messaging apps do. */
export function pageTitle(unread: number): string {
  return unread > 0 ? `(${unread}) chatbot emulator` : 'chatbot emulator';
}

export function App(): Node {
  const state = useConsole();
  useEffect(() => {
    document.title = pageTitle(state.unread);
  }, [state.unread]);
  useEffect(() => {
    const seen = () => {
      if (!document.hidden) setState({ unread: 0 });
    };
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, []);
  const armed = state.faults.length;
  return h(
    'div',
    { class: 'app' },
    h(SkipLink, null),
    h(
      'header',
      { class: 'top' },
      h('h1', { elementtiming: FIRST_FRAME_MARK }, 'chatbot emulator'),
      h(
        'nav',
        { 'aria-label': 'Views' },
        (Object.keys(VIEWS) as View[]).map((view) =>
          h(
            'button',
            {
              type: 'button',
              key: view,
              'aria-current': state.view === view ? 'page' : undefined,
              onClick: () => setState({ view, unread: view === 'phone' ? 0 : state.unread }),
            },
            VIEWS[view],
          ),
        ),
      ),
      armed > 0
        ? h(
            'button',
            {
              type: 'button',
              class: 'fault-badge',
              'data-testid': 'fault-badge',
              onClick: () => setState({ view: 'controls' }),
            },
            icon('warning'),
            ` ${armed} fault rule${armed === 1 ? '' : 's'} armed`,
          )
        : null,
      h(
        'span',
        { class: `live ${state.live.state}`, role: 'status', 'data-testid': 'live', 'data-state': state.live.state },
        state.live.state === 'open' ? 'live' : state.live.state,
      ),
    ),
    state.notice
      ? h(
          'p',
          { class: 'notice', role: 'alert' },
          state.notice,
          ' ',
          h('button', { type: 'button', onClick: () => setState({ notice: undefined }) }, 'Dismiss'),
        )
      : null,
    h(
      'main',
      { id: 'main', tabIndex: -1 },
      state.view === 'phone' ? h(PhoneView, { state }) : null,
      state.view === 'devices' ? h(DevicesView, { state }) : null,
      state.view === 'logs' ? h(LogsView, { state }) : null,
      state.view === 'controls' ? h(ControlsView, { state }) : null,
    ),
  );
}
