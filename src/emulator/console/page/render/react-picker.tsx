// The react control of a message: a real button (announced as one, with its state) that opens a palette of quick
// reactions; choosing one reacts and closes the palette, as Escape does, and focus goes back to the button.
import { useRef, useState } from 'preact/hooks';
import type { Node } from './node.js';
import { icon, reactionGlyph } from './icons.js';

export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'];

interface Props {
  /** Reacts with the emoji chosen. */
  onReact: (emoji: string) => void;
}

export function ReactPicker({ onReact }: Props): Node {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <span
      class="react"
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        close();
      }}
    >
      <button
        type="button"
        ref={toggle}
        aria-label="React to this message"
        aria-expanded={open ? 'true' : 'false'}
        onClick={() => setOpen(!open)}
      >
        {icon('smile')}
      </button>
      {open ? (
        <span class="palette" role="group" aria-label="Reactions to choose">
          {QUICK_REACTIONS.map((emoji) => (
            <button
              type="button"
              key={emoji}
              aria-label={`React ${emoji}`}
              onClick={() => {
                onReact(emoji);
                close();
              }}
            >
              {reactionGlyph(emoji)}
            </button>
          ))}
        </span>
      ) : null}
    </span>
  );
}
