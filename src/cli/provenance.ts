// Where a command's operation comes from, as --help tells it: a command (or flag) whose definition names a
// `liveService` operation, one the live service has beyond its published reference (the seed), is marked
// `[extension]` and gets a paragraph naming the operation. The definitions hold the fact; this is its wording.
import type { AnyFlag, Flags } from './flags.js';
import { longFlag } from './flags.js';

const MARK = '[extension]';

/** The help paragraph of a command built on `operation` of the live service. */
function note(operation: string): string {
  return `\nExtension: uses ${operation}, an operation of the live service beyond its specification (the seed);
the local emulator has it too. Evidence and details: docs/emulator.md, "Extensions".\n`;
}

function marked(description: string, liveService: string | undefined): string {
  return liveService === undefined ? description : `${description} ${MARK}`;
}

/** A command's description as --help lists it: marked when the command is built on a live-service operation. */
export function describedCommand(spec: { description: string; liveService?: string }): string {
  return marked(spec.description, spec.liveService);
}

/** A flag's description as --help lists it: marked when the flag switches to a live-service operation. */
export function describedFlag(definition: AnyFlag): string {
  return marked(definition.description, definition.liveService);
}

/** The paragraph naming the live-service operations a command uses (its own, else its flags'), if any. */
export function liveServiceHelp(spec: { liveService?: string; flags?: Flags }): string | undefined {
  if (spec.liveService !== undefined) return note(spec.liveService);
  const byFlag = Object.entries(spec.flags ?? {}).flatMap(([key, definition]) =>
    definition.liveService === undefined ? [] : [`${definition.liveService} (only with ${longFlag(key, definition)})`],
  );
  return byFlag.length === 0 ? undefined : note(byFlag.join(', '));
}
