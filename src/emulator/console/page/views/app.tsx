// The console's frame: the views, the fault badge on every one while a rule is armed, the stream's state, notices.
import type { Node } from '../render/node.js';
import { useEffect } from 'preact/hooks';
import { setState, useConsole, type ConsoleState, type View } from '../store.js';
import { ControlsView } from './controls.js';
import { DevicesView } from './devices.js';
import { LoadView } from './load.js';
import { LogsView } from './logs.js';
import { FIRST_FRAME_MARK } from '../first-frame.js';
import { PhoneView } from './phone.js';
import { icon } from '../render/icons.js';
import { SkipLink } from './keyboard.js';

const VIEWS: Record<View, string> = {
  phone: 'Phone',
  devices: 'Devices',
  logs: 'Logs',
  controls: 'Test controls',
  load: 'Load',
};

/** The views in the navigation: Load once a load run posted its figures (or while it is the view shown). */
function shownViews(state: ConsoleState): View[] {
  return (Object.keys(VIEWS) as View[]).filter((view) => view !== 'load' || state.load !== null || state.view === view);
}

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
  return (
    <div class="app">
      <SkipLink />
      <header class="top">
        <h1 elementtiming={FIRST_FRAME_MARK}>chatbot emulator</h1>
        <nav aria-label="Views">
          {shownViews(state).map((view) => (
            <button
              type="button"
              key={view}
              aria-current={state.view === view ? 'page' : undefined}
              onClick={() => setState({ view, unread: view === 'phone' ? 0 : state.unread })}
            >
              {VIEWS[view]}
            </button>
          ))}
        </nav>
        {armed > 0 ? (
          <button
            type="button"
            class="fault-badge"
            data-testid="fault-badge"
            onClick={() => setState({ view: 'controls' })}
          >
            {icon('warning')}
            {` ${armed} fault rule${armed === 1 ? '' : 's'} armed`}
          </button>
        ) : null}
        <span class={`live ${state.live.state}`} role="status" data-testid="live" data-state={state.live.state}>
          {state.live.state === 'open' ? 'live' : state.live.state}
        </span>
      </header>
      {state.notice ? (
        <p class="notice" role="alert">
          {state.notice}{' '}
          <button type="button" onClick={() => setState({ notice: undefined })}>
            Dismiss
          </button>
        </p>
      ) : null}
      <main id="main" tabIndex={-1}>
        {state.view === 'phone' ? <PhoneView state={state} /> : null}
        {state.view === 'devices' ? <DevicesView state={state} /> : null}
        {state.view === 'logs' ? <LogsView state={state} /> : null}
        {state.view === 'controls' ? <ControlsView state={state} /> : null}
        {state.view === 'load' ? <LoadView state={state} /> : null}
      </main>
    </div>
  );
}
