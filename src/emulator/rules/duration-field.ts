// A control field that takes a duration (the clock's `by`, a fault rule's `delayMs`): src/duration.ts's grammar
// (`500ms`, `90s`, `1h30m`), or a bare number of milliseconds as these fields took before the grammar.
import { durationProblem, parseDuration } from '../../duration.js';
import { EmulatorError } from '../http/reply.js';
import { asText } from './fields.js';

/** The grammar as a control error states it (the answer's messages are Portuguese, like the service's). */
export const DURATION_GRAMMAR_PT = 'uma duração (500ms, 90s, 15m, 2h, 1d ou combinações como 1h30m) ou milissegundos';

/** Milliseconds of a duration field, or undefined when absent or not a duration. */
export function readDuration(raw: unknown): number | undefined {
  const text = asText(raw);
  return text === undefined ? undefined : parseDuration(text, 'ms');
}

/** The 400 for a field that is not a duration: the grammar in its message, what was given in its reason. */
export function invalidDuration(field: string, raw: unknown, limit = ''): EmulatorError {
  const upTo = limit ? `, ${limit}` : '';
  return new EmulatorError(400, `Campo inválido: ${field}. Use ${DURATION_GRAMMAR_PT}${upTo}.`).because(
    `${field}: ${durationProblem(asText(raw) ?? String(raw), 'ms')}`,
  );
}
