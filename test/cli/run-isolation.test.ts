// Several runCli calls in one process share nothing: a key one run knew is not masked in the next.
import { afterEach, describe, expect, it } from 'vitest';
import { Sandbox } from './support/harness.js';

describe('runCli called several times in one process', () => {
  const sandboxes: Sandbox[] = [];
  afterEach(() => sandboxes.splice(0).forEach((s) => s.cleanup()));

  it('does not mask in a later run a word an earlier run used as an appkey', async () => {
    const sandbox = new Sandbox('http://127.0.0.1:9');
    sandboxes.push(sandbox);
    const first = await sandbox.run(['profile', 'use', '--create', 'vitrine']);
    expect(first.stdout).toContain('"vitrine"');

    const second = await sandbox.run(['--appkey', 'vitrine', 'config', 'get', 'appkey']);
    expect(second.exitCode).toBe(0);
    expect(second.stdout).not.toContain('vitrine');

    const third = await sandbox.run(['profile', 'use', 'vitrine']);
    expect(third.exitCode).toBe(0);
    expect(third.stdout).toContain('Now using profile "vitrine"');
  });
});
