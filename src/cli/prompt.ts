// Prompts only when interactive; otherwise a missing value is a usage error naming the flag.
import { InterruptedError, UsageError } from '../errors.js';

export interface Prompter {
  readonly interactive: boolean;
  /** Asks for a visible value, or fails naming `flag` when prompting is not allowed. */
  text(flag: string, message: string, validate?: (value: string) => string | true): Promise<string>;
  /** Asks for a hidden value. */
  secret(flag: string, message: string): Promise<string>;
  /** Asks for a new hidden value twice, asking both again until the two entries match. */
  newSecret(flag: string, message: string): Promise<string>;
  /** Asks yes/no. */
  confirm(flag: string, message: string): Promise<boolean>;
}

/** Interactive only with TTYs on both ends, no --no-input, and no CI variable. */
export function isInteractive(
  stdin: { isTTY?: boolean },
  stdout: { isTTY?: boolean },
  noInput: boolean,
  env: Record<string, string | undefined>,
): boolean {
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  return stdin.isTTY === true && stdout.isTTY === true && !noInput && !ci;
}

/** What a check names instead of a flag when it explains a typed answer: prompts never talk about flags. */
const ANSWER = 'The answer';

/**
 * A prompt's `validate` from a check that throws a UsageError naming the rule (src/cli/shared/validate.ts): a bad answer
 * is cleared and that message shown under the question, which is asked again.
 */
export function inPlace(check: (name: string, value: string) => unknown): (value: string) => string | true {
  return (value) => {
    try {
      check(ANSWER, value);
      return true;
    } catch (error) {
      if (error instanceof UsageError) return error.message;
      throw error;
    }
  };
}

function missing(flag: string): UsageError {
  return new UsageError(
    `Missing ${flag} — pass it as a flag (prompting is off: not a terminal, CI is set, or --no-input)`,
  );
}

async function guarded<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof Error && error.name === 'ExitPromptError') throw new InterruptedError('Cancelled');
    throw error;
  }
}

export function createPrompter(interactive: boolean): Prompter {
  return {
    interactive,
    async text(flag, message, validate) {
      if (!interactive) throw missing(flag);
      const { input } = await import('@inquirer/prompts');
      return guarded(() =>
        input({
          message,
          required: true,
          theme: { validationFailureMode: 'clear' },
          ...(validate ? { validate } : {}),
        }),
      );
    },
    async secret(flag, message) {
      if (!interactive) throw missing(flag);
      const { password } = await import('@inquirer/prompts');
      return guarded(() => password({ message, mask: '*', validate: (v) => (v.length > 0 ? true : 'Required') }));
    },
    async newSecret(flag, message) {
      if (!interactive) throw missing(flag);
      const { password } = await import('@inquirer/prompts');
      const ask = (question: string) =>
        guarded(() => password({ message: question, mask: '*', validate: (v) => (v.length > 0 ? true : 'Required') }));
      let question = message;
      for (;;) {
        const first = await ask(question);
        if ((await ask(`${message} again`)) === first) return first;
        question = `${message} (the two entries differed: type it twice again)`;
      }
    },
    async confirm(flag, message) {
      if (!interactive) throw missing(flag);
      const { confirm } = await import('@inquirer/prompts');
      return guarded(() => confirm({ message, default: false }));
    },
  };
}
