// Poll rules of sendPoll: 2 to 12 options, none blank, no repeats (compared trimmed and case-insensitively).
import { EmulatorError } from '../http/reply.js';

export const MIN_POLL_OPTIONS = 2;
export const MAX_POLL_OPTIONS = 12;
export const TOO_FEW_OPTIONS = 'A enquete precisa de pelo menos 2 opcoes';
export const TOO_MANY_OPTIONS = 'A enquete pode ter no máximo 12 opcoes';
export const REPEATED_OPTIONS = 'A enquete não pode ter opcoes repetidas';
export const BLANK_OPTION = 'As opcoes da enquete não podem ser vazias';

/** The trimmed options, or a 403 naming the broken rule. */
export function validatePollOptions(options: readonly string[]): string[] {
  const trimmed = options.map((option) => option.trim());
  const count = `a poll has ${trimmed.length} options`;
  if (trimmed.length < MIN_POLL_OPTIONS)
    throw new EmulatorError(403, TOO_FEW_OPTIONS).because(`opcoes: ${count}; it needs at least ${MIN_POLL_OPTIONS}`);
  if (trimmed.length > MAX_POLL_OPTIONS)
    throw new EmulatorError(403, TOO_MANY_OPTIONS).because(`opcoes: ${count}; the limit is ${MAX_POLL_OPTIONS}`);
  const blank = trimmed.indexOf('');
  if (blank !== -1) throw new EmulatorError(403, BLANK_OPTION).because(`opcoes[${blank}] is blank`);
  const keys = trimmed.map((option) => option.toLocaleLowerCase('pt-BR'));
  const repeat = keys.findIndex((key, index) => keys.indexOf(key) !== index);
  if (repeat !== -1)
    throw new EmulatorError(403, REPEATED_OPTIONS).because(
      `opcoes[${repeat}] ${JSON.stringify(trimmed[repeat])} repeats opcoes[${keys.indexOf(keys[repeat] ?? '')}]`,
    );
  return trimmed;
}
