// Finds rows that repeat an earlier row's recipient and content, in bounded memory: an open-addressed table of the
// rows' 64-bit digests and lines in typed arrays (12 bytes a slot), which stops taking new digests at WINDOW rows.
const WINDOW = 500_000;
const FIRST_SLOTS = 1024;

export class RepeatFinder {
  private high = new Uint32Array(FIRST_SLOTS);
  private low = new Uint32Array(FIRST_SLOTS);
  /** The line of the row whose digest is in the slot; 0 = empty slot. */
  private lines = new Uint32Array(FIRST_SLOTS);
  private count = 0;

  /** The first line seen with `digest` (16 hex digits), or undefined after noting `line` as its first. */
  firstLine(digest: string, line: number): number | undefined {
    const high = parseInt(digest.slice(0, 8), 16) >>> 0;
    const low = parseInt(digest.slice(8, 16), 16) >>> 0;
    const mask = this.lines.length - 1;
    let slot = low & mask;
    for (let seen = this.lines[slot] ?? 0; seen !== 0; seen = this.lines[slot] ?? 0) {
      if (this.high[slot] === high && this.low[slot] === low) return seen;
      slot = (slot + 1) & mask;
    }
    if (this.count >= WINDOW) return undefined;
    this.high[slot] = high;
    this.low[slot] = low;
    this.lines[slot] = line;
    this.count++;
    if (this.count * 2 > this.lines.length) this.grow();
    return undefined;
  }

  private grow(): void {
    const { high, low, lines } = this;
    this.high = new Uint32Array(lines.length * 2);
    this.low = new Uint32Array(lines.length * 2);
    this.lines = new Uint32Array(lines.length * 2);
    const mask = this.lines.length - 1;
    lines.forEach((line, old) => {
      if (line === 0) return;
      let slot = (low[old] ?? 0) & mask;
      while (this.lines[slot] !== 0) slot = (slot + 1) & mask;
      this.high[slot] = high[old] ?? 0;
      this.low[slot] = low[old] ?? 0;
      this.lines[slot] = line;
    });
  }
}
