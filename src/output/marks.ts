// The green check mark that opens a confirmation ("✓ Text sent to …", "✓ 3 of 3 passed"): written once, so that every
// command marks a success alike (plain text where colour is off: NO_COLOR, --no-color, not a terminal).
import type { ChalkInstance } from 'chalk';

/** `✓` in `style`'s green. */
export function doneMark(style: ChalkInstance): string {
  return style.green('✓');
}
