// The console by keyboard: a skip link to the composer, the composer focused when a chat opens (a deep link lands
// ready to type), and a chat's messages as one tab stop whose arrow keys move between them (a roving tabindex: only
// the current message and its controls are in the tab order; Tab from it goes on to the composer).
import { useEffect, useLayoutEffect, type MutableRef } from 'preact/hooks';
import type { Node } from '../render/node.js';

const COMPOSER = '[data-testid=composer]:not([disabled])';

/** The first link of the page: straight to the composer of the first chat open (or to the view when none is). */
export function SkipLink(): Node {
  return (
    <a
      class="skip-link"
      href="#main"
      data-testid="skip-to-composer"
      onClick={(event: MouseEvent) => {
        const composer = document.querySelector<HTMLElement>(COMPOSER);
        if (!composer) return;
        event.preventDefault();
        composer.focus();
      }}
    >
      Skip to the composer
    </a>
  );
}

/** Focuses the chat's composer when the chat opens. */
export function useComposerFocus(chat: MutableRef<HTMLElement | null>): void {
  useEffect(() => {
    chat.current?.querySelector<HTMLElement>(COMPOSER)?.focus();
  }, []);
}

/** What can take focus inside a message. */
const FOCUSABLE = 'a[href], button, input, select, textarea, audio[controls], video[controls], [tabindex]';
/** Marks a control this module took out of the tab order (and puts back when its message is the current one). */
const TAKEN = 'data-roving';

function messageOf(item: Element): HTMLElement | null {
  return item.querySelector<HTMLElement>('[data-testid=message]');
}

/** The current message among those in the DOM: `active` when shown, else the last one in view. */
function current(list: HTMLElement, items: HTMLElement[], active: string | undefined): HTMLElement | undefined {
  const chosen = items.find((item) => item.dataset.listKey === active);
  if (chosen) return chosen;
  const bottom = list.scrollTop + list.clientHeight;
  return items.filter((item) => item.offsetTop < bottom).pop() ?? items[items.length - 1];
}

/** Puts only the current message and its controls in the tab order. */
export function applyRovingTabIndex(list: HTMLElement, active: string | undefined): void {
  const items = [...list.querySelectorAll<HTMLElement>('[data-list-key]')];
  const chosen = current(list, items, active);
  for (const item of items) {
    const message = messageOf(item);
    if (!message) continue;
    const isCurrent = item === chosen;
    message.tabIndex = isCurrent ? 0 : -1;
    for (const control of message.querySelectorAll<HTMLElement>(FOCUSABLE)) {
      if (isCurrent && control.hasAttribute(TAKEN)) {
        control.removeAttribute(TAKEN);
        control.removeAttribute('tabindex');
      } else if (!isCurrent && !control.hasAttribute('tabindex')) {
        control.setAttribute(TAKEN, '');
        control.tabIndex = -1;
      }
    }
  }
}

/** The key of the list item an element is in. */
export function itemKeyOf(element: EventTarget | null): string | undefined {
  return element instanceof HTMLElement
    ? (element.closest<HTMLElement>('[data-list-key]')?.dataset.listKey ?? undefined)
    : undefined;
}

/** The item an arrow key moves to from `from` (undefined: the key is not one the list answers). */
export function movedTo(keys: readonly string[], from: string | undefined, key: string): string | undefined {
  const at = from === undefined ? keys.length - 1 : keys.indexOf(from);
  if (key === 'ArrowDown') return keys[Math.min(keys.length - 1, at + 1)];
  if (key === 'ArrowUp') return keys[Math.max(0, at - 1)];
  if (key === 'Home') return keys[0];
  if (key === 'End') return keys[keys.length - 1];
  return undefined;
}

/**
 * After every render of the list: the tab order set again (new messages come in with their controls tabbable), and a
 * message an arrow key moved to focused once it is in the DOM.
 */
export function useRovingTabIndex(
  list: MutableRef<HTMLElement | null>,
  active: string | undefined,
  focusPending: MutableRef<boolean>,
): void {
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    applyRovingTabIndex(element, active);
    if (!focusPending.current || active === undefined) return;
    const item = element.querySelector<HTMLElement>(`[data-list-key="${CSS.escape(active)}"]`);
    const message = item && messageOf(item);
    if (!message) return;
    focusPending.current = false;
    message.focus();
  });
}
