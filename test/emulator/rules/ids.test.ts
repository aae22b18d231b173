// Identifier generators: shapes, and no repeats across refills of the random pool.
import { describe, expect, it } from 'vitest';
import { newAppkey, newAuthkey, newDeviceId, newMessageId } from '../../../src/emulator/rules/ids.js';

describe('ids', () => {
  it("message ids look like the network's own and never repeat across many refills of the random pool", () => {
    const ids = Array.from({ length: 5_000 }, newMessageId);
    for (const id of ids) expect(id).toMatch(/^3EB0[0-9A-F]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keys of different kinds drawn in turn keep their lengths and never repeat', () => {
    const keys: string[] = [];
    for (let i = 0; i < 1_000; i += 1) keys.push(newAuthkey(), newAppkey(), newDeviceId());
    expect(keys.filter((_, i) => i % 3 === 0).every((key) => /^[0-9a-f]{40}$/.test(key))).toBe(true);
    expect(keys.filter((_, i) => i % 3 === 1).every((key) => /^[0-9a-f]{32}$/.test(key))).toBe(true);
    expect(keys.filter((_, i) => i % 3 === 2).every((key) => /^dev_[0-9a-f]{16}$/.test(key))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
