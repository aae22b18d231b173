// The page's first frame: what can wait (the live stream and the reads it starts, the margin the message list draws
// beyond the screen) starts once the browser has presented it, so that none of it competes with that frame for the
// machine (docs/performance.md, "Where a target is missed", says what starting it at once cost).
let waiting: (() => void)[] | undefined = [];
/** Undoes what firstFrameRendered set up to learn of the presentation. */
let stopWatching: () => void = () => undefined;

/** Runs `action` once the first frame is presented (at once after that). */
export function afterFirstFrame(action: () => void): void {
  if (waiting) waiting.push(action);
  else action();
}

function presented(): void {
  stopWatching();
  const actions = waiting ?? [];
  waiting = undefined;
  for (const action of actions) {
    try {
      action();
    } catch (error) {
      reportError(error);
    }
  }
}

/** The `elementtiming` of the app's title, which every first frame draws. */
export const FIRST_FRAME_MARK = 'first-frame';

const isFirstFrame = (entry: PerformanceEntry) =>
  (entry as PerformanceEntry & { identifier?: string }).identifier === FIRST_FRAME_MARK;

/**
 * The app has rendered its first frame. The waiting actions run once Element Timing reports the app's title presented;
 * in a browser without Element Timing, once the second frame after it begins; in a hidden tab (which presents
 * nothing), at once; and a second later at most.
 */
export function firstFrameRendered(): void {
  if (document.hidden) {
    presented();
    return;
  }
  const timer = setTimeout(presented, 1000);
  document.addEventListener('visibilitychange', presented);
  const observer = PerformanceObserver.supportedEntryTypes.includes('element')
    ? new PerformanceObserver((list) => {
        if (list.getEntries().some(isFirstFrame)) presented();
      })
    : undefined;
  stopWatching = () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', presented);
    observer?.disconnect();
  };
  if (observer) observer.observe({ type: 'element', buffered: true });
  else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(presented)));
}
