// The one duration grammar of the tool's inputs: flags, conversation files and the emulator's control routes.
// Parts of a whole number and a unit (ms, s, m, h, d; any case), one or more summed: 500ms, 90s, 15m, 2h, 1d,
// 1h30m. A bare number is accepted only where one was before this grammar, in the unit it meant there: milliseconds
// in conversation files (a step's durations, `load.arrival`'s phases), `test --load`'s --arrival phases and --max
// limits, `emulator fault add --delay`, `emulator clock advance`, the control API's clock `by` and fault `delayMs`;
// seconds in the flags named for seconds (--timeout, --step-timeout, --wait-timeout, --auto-connect); nowhere else.
// It imports nothing, so that the CLI and the emulator can both read the same format of the tool's own inputs
// without sharing any reading of the service (.dependency-cruiser.cjs: duration-grammar-is-a-leaf).

/** Milliseconds per unit. */
export const DURATION_UNITS_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** What a bare number means where one is accepted: `none` refuses it. */
export type BareNumber = 'ms' | 'seconds' | 'none';

/** The grammar as the help, the docs and the errors state it. */
export const DURATION_EXAMPLES = '500ms, 90s, 15m, 2h, 1d or combinations like 1h30m';

function bareNote(bare: BareNumber): string {
  return bare === 'none' ? '' : `; a bare number is ${bare === 'ms' ? 'milliseconds' : 'seconds'}`;
}

/** What a flag's help says of its value: `500ms, 90s, …; a bare number is seconds`. */
export function durationHelp(bare: BareNumber = 'none'): string {
  return `${DURATION_EXAMPLES}${bareNote(bare)}`;
}

const WHOLE = /^(\d+(ms|s|m|h|d))+$/;
const PART = /(\d+)(ms|s|m|h|d)/g;
const BARE_MS = /^\d+$/;

function unitsMs(compact: string): number | undefined {
  if (!WHOLE.test(compact)) return undefined;
  let total = 0;
  for (const [, amount, unit] of compact.matchAll(PART))
    total += Number(amount) * DURATION_UNITS_MS[unit as keyof typeof DURATION_UNITS_MS];
  return total;
}

function bareMs(text: string, bare: BareNumber): number | undefined {
  if (bare === 'ms') return BARE_MS.test(text) ? Number(text) : undefined;
  if (bare === 'seconds') {
    const seconds = Number(text);
    return text !== '' && Number.isFinite(seconds) ? seconds * 1000 : undefined;
  }
  return undefined;
}

/** Milliseconds of a duration (0 or more), or undefined when the text is not one or too long to count exactly. */
export function parseDuration(text: string, bare: BareNumber = 'none'): number | undefined {
  const trimmed = text.trim();
  const ms = unitsMs(trimmed.toLowerCase()) ?? bareMs(trimmed, bare);
  if (ms === undefined || !Number.isFinite(ms) || Math.abs(ms) > Number.MAX_SAFE_INTEGER) return undefined;
  return ms;
}

/** `"1x" is not a duration: use 500ms, …`, with what a bare number means where one is accepted. */
export function durationProblem(given: string, bare: BareNumber = 'none'): string {
  return `${JSON.stringify(given)} is not a duration: use ${durationHelp(bare)}`;
}
