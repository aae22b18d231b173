// The console's icons as inline SVG: what the page shows must not depend on an emoji font (minimal Linux, WSL and
// most CI machines have none, and draw emoji as empty boxes). Each icon is hidden from assistive tools: the control
// that carries it has the label.
import type { Node } from './node.js';

/** 24×24 outlines, drawn with the text's colour. */
const PATHS = {
  info: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16v-5M12 8h.01',
  reply: 'M9 14 4 9l5-5M4 9h11a5 5 0 0 1 5 5v5',
  smile: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM8 14s1.5 2 4 2 4-2 4-2M9 9h.01M15 9h.01',
  close: 'M18 6 6 18M6 6l12 12',
  download: 'M12 3v12M7 10l5 5 5-5M5 21h14',
  warning: 'M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01',
  link: 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
  phone:
    'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z',
  document: 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M8 13h8M8 17h8',
  pin: 'M21 10c0 7-9 13-9 13s-9-6-9-13a9 9 0 0 1 18 0zM12 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  clock: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2',
  choice: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  back: 'M15 18l-6-6 6-6',
  thumbsUp:
    'M7 10v12M15 5.9 14 10h5.8a2 2 0 0 1 2 2.3l-1.4 8a2 2 0 0 1-2 1.7H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.8a2 2 0 0 0 1.8-1.1L12 2a3.1 3.1 0 0 1 3 3.9z',
  heart:
    'M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.8 0-3 .5-4.5 2-1.5-1.5-2.7-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7z',
  laugh: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM7 13h10a5 5 0 0 1-10 0zM8 9l1.5-1 1.5 1M13 9l1.5-1 1.5 1',
  wow: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 18a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM9 9h.01M15 9h.01',
  sad: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM16 16s-1.5-2-4-2-4 2-4 2M9 9h.01M15 9h.01M9 12.5v1.5',
  pray: 'M12 4v16M12 4 8 14l-3 3 3 4h4M12 4l4 10 3 3-3 4h-4',
} as const;

export type IconName = keyof typeof PATHS;

/** An icon the size of the text around it. */
export function icon(name: IconName): Node {
  return (
    <svg
      class={`icon icon-${name}`}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill={name === 'heart' ? 'currentColor' : 'none'}
      stroke="currentColor"
      stroke-width={2}
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** The quick reactions' emoji, drawn: the emoji is what the webhook carries, the picture needs no font. */
const REACTION_ICONS: Record<string, IconName> = {
  '👍': 'thumbsUp',
  '❤️': 'heart',
  '❤': 'heart',
  '😂': 'laugh',
  '😮': 'wow',
  '😢': 'sad',
  '🙏': 'pray',
};

/**
 * A reaction as the page shows it: a drawn icon with the emoji as its text for assistive tools and copying (an emoji
 * the page has no drawing of stays text).
 */
export function reactionGlyph(emoji: string): Node {
  const drawn = REACTION_ICONS[emoji];
  if (!drawn) return <span class="emoji">{emoji}</span>;
  return (
    <span class="emoji">
      {icon(drawn)}
      <span class="visually-hidden">{emoji}</span>
    </span>
  );
}
