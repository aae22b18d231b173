// What a failed write of the CLI's own output does (src/pipes.ts): a reader that went away is a quiet exit 0, any
// other failure one line on stderr and exit 1.
import { describe, expect, it } from 'vitest';
import { endOnWriteError } from '../../../src/pipes.js';

function handled(code: string, message: string, debug = false): { exits: number[]; said: string[] } {
  const exits: number[] = [];
  const said: string[] = [];
  const onError = endOnWriteError({ exit: (exitCode) => exits.push(exitCode), say: (line) => said.push(line), debug });
  const error = Object.assign(new Error(message), { code });
  error.stack = `Error: ${message}\n    at write (src/output/process-streams.ts:1:1)`;
  onError(error);
  return { exits, said };
}

describe('endOnWriteError', () => {
  it('ends quietly with exit 0 on a broken pipe', () => {
    expect(handled('EPIPE', 'write EPIPE')).toEqual({ exits: [0], said: [] });
  });

  it('says why and exits 1 on any other failure (a full disk)', () => {
    expect(handled('ENOSPC', 'ENOSPC: no space left on device, write')).toEqual({
      exits: [1],
      said: [
        'Error: the output could not be written (ENOSPC: no space left on device, write) — check where it goes: a full disk, a closed file\n',
      ],
    });
  });

  it('with CHATBOT_DEBUG, the stack follows the line', () => {
    const { said } = handled('ENOSPC', 'ENOSPC: no space left on device, write', true);
    expect(said[1]).toBe(
      'Error: ENOSPC: no space left on device, write\n    at write (src/output/process-streams.ts:1:1)\n',
    );
  });
});
