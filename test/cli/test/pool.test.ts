// The conversation pool: at most `parallel` at once, in order; one that moves the clock runs with nothing beside it;
// once stopped (--bail, Ctrl-C), the rest are skipped with the reason.
import { describe, expect, it } from 'vitest';
import { runPool } from '../../../src/cli/commands/test/run/pool.js';

interface Item {
  name: string;
  alone?: boolean;
  fails?: boolean;
}

/** Runs `items` through the pool, recording which ran beside which; each run ends when the next tick comes. */
async function trace(items: Item[], parallel: number, bail = false) {
  const running = new Set<string>();
  const overlaps: string[][] = [];
  const done: number[] = [];
  let failed = false;
  const results = await runPool(
    items,
    { parallel, alone: (item) => item.alone === true, stopReason: () => (bail && failed ? 'bail' : undefined) },
    async (item) => {
      running.add(item.name);
      overlaps.push([...running].sort());
      await new Promise((resolve) => setTimeout(resolve, 5));
      running.delete(item.name);
      failed ||= item.fails === true;
      return `${item.name}: ${item.fails ? 'failed' : 'passed'}`;
    },
    (item, reason) => `${item.name}: skipped (${reason})`,
    (index) => done.push(index),
  );
  return { results, overlaps, done };
}

describe('runPool', () => {
  it('runs up to `parallel` at once and returns results in the order given', async () => {
    const items = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name }));
    const { results, overlaps } = await trace(items, 2);
    expect(results).toEqual(['a: passed', 'b: passed', 'c: passed', 'd: passed', 'e: passed']);
    expect(Math.max(...overlaps.map((set) => set.length))).toBe(2);
  });

  it('runs an item that must run alone with nothing beside it', async () => {
    const items = [{ name: 'a' }, { name: 'b' }, { name: 'relógio', alone: true }, { name: 'c' }, { name: 'd' }];
    const { overlaps } = await trace(items, 4);
    expect(overlaps.filter((set) => set.includes('relógio'))).toEqual([['relógio']]);
    expect(overlaps.some((set) => set.length > 1)).toBe(true);
  });

  it('skips what comes after a stop, with its reason', async () => {
    const items = [{ name: 'a', fails: true }, { name: 'b' }, { name: 'c' }];
    const { results, done } = await trace(items, 1, true);
    expect(results).toEqual(['a: failed', 'b: skipped (bail)', 'c: skipped (bail)']);
    expect(done).toEqual([0, 1, 2]);
  });
});
