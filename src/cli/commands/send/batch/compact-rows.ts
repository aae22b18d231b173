// The journal's rows as resuming needs them, without an object per row: by line, one byte for the last state and
// four for the first 32 bits of the digest (5 bytes a line up to the highest line journalled: 50 MB per 10 M rows).
import type { RecordedRow, RecordedRows, RowState } from './journal-records.js';

/** Lines a journal may name; a journal naming a higher one is refused as edited. */
export const MAX_LINE = 2 ** 31;

const STATES: RowState['state'][] = ['sending', 'sent', 'failed', 'unknown'];
const FIRST_LINES = 1024;

export class CompactRows implements RecordedRows {
  private states = new Uint8Array(FIRST_LINES);
  private digests = new Uint32Array(FIRST_LINES);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Records a row's state; `digest` (16 hex digits) with `sending`, when its request was about to leave. */
  set(line: number, state: RowState['state'], digest?: string): void {
    if (line >= this.states.length) this.grow(line);
    if (this.states[line] === 0) this.count++;
    this.states[line] = STATES.indexOf(state) + 1;
    if (digest !== undefined) this.digests[line] = parseInt(digest.slice(0, 8), 16) >>> 0;
  }

  /** The row's state and the first 8 hex digits of its digest (a digest starting with them is taken as the same). */
  get(line: number): RecordedRow | undefined {
    const code = this.states[line] ?? 0;
    if (code === 0) return undefined;
    return {
      state: STATES[code - 1] as RowState['state'],
      digest: (this.digests[line] ?? 0).toString(16).padStart(8, '0'),
    };
  }

  *values(): Iterable<RecordedRow> {
    for (let line = 0; line < this.states.length; line++) {
      const row = this.get(line);
      if (row) yield row;
    }
  }

  private grow(line: number): void {
    let length = this.states.length;
    while (length <= line) length *= 2;
    const states = new Uint8Array(length);
    const digests = new Uint32Array(length);
    states.set(this.states);
    digests.set(this.digests);
    this.states = states;
    this.digests = digests;
  }
}
