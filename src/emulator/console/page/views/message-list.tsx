// A chat's messages, only those on screen in the DOM (a chat of 10,000 opens as fast as one of 20): heights are
// measured as messages are shown and estimated until then; scrolling near the top reads the page before; a chat
// that was at its newest message stays there as messages arrive. The first frame with messages holds only those in
// view, placed by their estimated heights; they are measured, and the margin above and below the view (OVERSCAN)
// added, once that frame is drawn.
import type { Node } from '../render/node.js';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { afterFirstFrame } from '../first-frame.js';
import { itemKeyOf, movedTo, useRovingTabIndex } from './keyboard.js';

export interface ListItem {
  key: string;
  render(): Node;
}

interface Props {
  items: readonly ListItem[];
  /** Reads older items; called when the top is near. */
  onNearTop: () => void;
  label: string;
}

/** A message not measured yet: one line of text (a closer guess takes fewer passes to settle). */
const ESTIMATE = 60;
const OVERSCAN = 600;

interface Window {
  start: number;
  end: number;
  top: number;
  total: number;
}

/**
 * Which items lie within the viewport (plus `overscan` above and below), and the offset of the first; `at`
 * 'bottom' is the newest end, where a chat opens (so the first render is already the one shown).
 */
export function visibleWindow(
  heights: readonly number[],
  at: number | 'bottom',
  viewport: number,
  overscan = OVERSCAN,
): Window {
  const scrollTop = at === 'bottom' ? Math.max(0, heightOf(heights, 0) - viewport) : at;
  let offset = 0;
  let start = 0;
  while (start < heights.length && offset + (heights[start] ?? ESTIMATE) < scrollTop - overscan) {
    offset += heights[start] ?? ESTIMATE;
    start += 1;
  }
  const top = offset;
  let end = start;
  while (end < heights.length && offset < scrollTop + viewport + overscan) {
    offset += heights[end] ?? ESTIMATE;
    end += 1;
  }
  return { start, end, top, total: offset + heightOf(heights, end) };
}

function heightOf(heights: readonly number[], from: number): number {
  let total = 0;
  for (let i = from; i < heights.length; i++) total += heights[i] ?? ESTIMATE;
  return total;
}

export function MessageList({ items, onNearTop, label }: Props): Node {
  const scroller = useRef<HTMLDivElement>(null);
  const heights = useRef(new Map<string, number>());
  const atBottom = useRef(true);
  const firstKey = useRef<string | undefined>(undefined);
  const content = useRef<HTMLDivElement>(null);
  // The list is never taller than the window: the first window covers it whole before it is measured.
  const [scroll, setScroll] = useState(() => ({ top: 0, height: window.innerHeight }));
  const [overscan, setOverscan] = useState(0);
  const [active, setActive] = useState<string | undefined>(undefined);
  const focusPending = useRef(false);
  useRovingTabIndex(scroller, active, focusPending);
  const hasItems = items.length > 0;
  useEffect(() => {
    if (!hasItems) return;
    // One render for both, once the page's first frame is drawn: the margin, and the list's own size in place of the
    // window's.
    afterFirstFrame(() => {
      const element = scroller.current;
      if (!element) return;
      setScroll({ top: element.scrollTop, height: element.clientHeight });
      setOverscan(OVERSCAN);
    });
  }, [hasItems]);
  const [resized, setResized] = useState(0);
  /** The sizes the last measure left (list, messages) and the scroll it set: what the list itself changed. */
  const settled = useRef({ list: 0, content: 0, scrollTop: -1 });
  useEffect(() => {
    const observer = new ResizeObserver(() => {
      const list = scroller.current?.clientHeight ?? 0;
      const shownHeight = content.current?.offsetHeight ?? 0;
      if (list !== settled.current.list || shownHeight !== settled.current.content) setResized((count) => count + 1);
    });
    if (scroller.current) observer.observe(scroller.current);
    if (content.current) observer.observe(content.current);
    return () => observer.disconnect();
  }, []);
  const sizes = items.map((item) => heights.current.get(item.key) ?? ESTIMATE);
  const shown = visibleWindow(sizes, atBottom.current ? 'bottom' : scroll.top, scroll.height, overscan);
  const firstAtBottom = overscan === 0 && atBottom.current;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (overscan === 0) {
      // The first frame: to the newest message, with one layout; measured once drawn (the overscan comes then).
      if (atBottom.current) element.scrollTop = element.scrollHeight;
      settled.current = {
        list: element.clientHeight,
        content: content.current?.offsetHeight ?? 0,
        scrollTop: element.scrollTop,
      };
      return;
    }
    let moved = 0;
    for (const node of element.querySelectorAll<HTMLElement>('[data-list-key]')) {
      const key = node.dataset.listKey ?? '';
      const before = heights.current.get(key) ?? ESTIMATE;
      const after = node.offsetHeight;
      if (after !== before) {
        heights.current.set(key, after);
        if (node.offsetTop + after < element.scrollTop) moved += after - before;
      }
    }
    const oldest = items[0]?.key;
    if (firstKey.current !== undefined && oldest !== firstKey.current) {
      const added = items.findIndex((item) => item.key === firstKey.current);
      for (let i = 0; i < added; i++) moved += heights.current.get(items[i]?.key ?? '') ?? ESTIMATE;
    }
    firstKey.current = oldest;
    if (atBottom.current) element.scrollTop = element.scrollHeight;
    else if (moved !== 0) element.scrollTop += moved;
    settled.current = {
      list: element.clientHeight,
      content: content.current?.offsetHeight ?? 0,
      scrollTop: element.scrollTop,
    };
    if (element.scrollTop !== scroll.top || element.clientHeight !== scroll.height)
      setScroll({ top: element.scrollTop, height: element.clientHeight });
    // Measuring forces a layout: only after what is shown, or the size of the list or its messages, changed.
  }, [items, scroll, resized, overscan]);

  const onScroll = () => {
    const element = scroller.current;
    // The measure's own scroll (to the newest message, or to keep the one read in place) is in its state already.
    if (!element || element.scrollTop === settled.current.scrollTop) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
    setScroll({ top: element.scrollTop, height: element.clientHeight });
    // Older messages wait for the measured list (the first frame's keeps no place for them to go above).
    if (overscan > 0 && element.scrollTop < OVERSCAN) onNearTop();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const element = scroller.current;
    const target = event.target as HTMLElement;
    if (!element || target.dataset.testid !== 'message') return;
    const to = movedTo(
      items.map((item) => item.key),
      itemKeyOf(target),
      event.key,
    );
    if (to === undefined) return;
    event.preventDefault();
    focusPending.current = true;
    setActive(to);
    // Not in the DOM (Home, End, or past a very tall message): scrolled to, then focused once drawn.
    if (!element.querySelector(`[data-list-key="${CSS.escape(to)}"]`)) {
      element.scrollTop = to === items[0]?.key ? 0 : element.scrollHeight;
      onScroll();
    }
  };

  return (
    <div
      class="message-list"
      ref={scroller}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      onFocusCapture={(event: FocusEvent) => setActive(itemKeyOf(event.target) ?? active)}
      role="log"
      aria-label={label}
    >
      <div style={`height:${shown.total}px;position:relative`}>
        {/* The first frame at the newest end is anchored to the bottom: its estimated heights cannot leave a gap there. */}
        <div
          ref={content}
          style={`position:absolute;left:0;right:0;${firstAtBottom ? 'bottom:0' : `top:${shown.top}px`}`}
        >
          {items.slice(shown.start, shown.end).map((item) => (
            <div key={item.key} data-list-key={item.key}>
              {item.render()}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
