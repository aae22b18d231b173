// Where a command's operation comes from, as --help tells it: a command (or flag) whose definition names a
// `extension` operation, one the real service has beyond its published reference (the seed), is marked
// `[extension]` and gets a paragraph naming the operation. The definitions hold the fact; this is its wording.
import type { AnyFlag, Flags } from './flags.js';
import { longFlag } from './flags.js';

const MARK = '[extension]';

/** The help paragraph of a command built on `operation` of the real service. */
function note(operation: string): string {
  return `\nExtension: uses ${operation}, an operation of the real service beyond its specification (the seed);
the local emulator has it too. Evidence and details: docs/emulator.md, "Extensions".\n`;
}

function marked(description: string, extension: string | undefined): string {
  return extension === undefined ? description : `${description} ${MARK}`;
}

/** A command's description as --help lists it: marked when the command is built on a real-service operation. */
export function describedCommand(spec: { description: string; extension?: string }): string {
  return marked(spec.description, spec.extension);
}

/** A flag's description as --help lists it: marked when the flag switches to a real-service operation. */
export function describedFlag(definition: AnyFlag): string {
  return marked(definition.description, definition.extension);
}

/** The paragraph naming the real-service operations a command uses (its own, else its flags'), if any. */
export function extensionHelp(spec: { extension?: string; flags?: Flags }): string | undefined {
  if (spec.extension !== undefined) return note(spec.extension);
  const byFlag = Object.entries(spec.flags ?? {}).flatMap(([key, definition]) =>
    definition.extension === undefined ? [] : [`${definition.extension} (only with ${longFlag(key, definition)})`],
  );
  return byFlag.length === 0 ? undefined : note(byFlag.join(', '));
}
