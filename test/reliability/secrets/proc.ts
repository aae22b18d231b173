// What other users of the machine can read about a process: its arguments in /proc/<pid>/cmdline.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { waitFor } from '../../support/wait-for.js';
import type { WebhookReceiver } from '../../emulator/e2e/helpers/webhook-receiver.js';
import { spawnCli, stop } from './spawned.js';

/** The process's arguments joined by spaces; '' once it has gone. */
export function cmdlineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`).toString('utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** The direct children of a process, from every one of its threads. */
function childrenOf(pid: number): number[] {
  const tasks = `/proc/${pid}/task`;
  if (!existsSync(tasks)) return [];
  return readdirSync(tasks).flatMap((tid) => {
    try {
      return readFileSync(`${tasks}/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

/** The process and all its descendants. */
export function processTree(pid: number): number[] {
  return [pid, ...childrenOf(pid).flatMap(processTree)];
}

/** Fails when any secret is among the arguments of the process or of any process it started. */
export function expectArgumentsFree(pid: number, secrets: readonly string[]): void {
  const tree = processTree(pid);
  const cmdlines = tree.map(cmdlineOf);
  expect(cmdlines[0], 'the CLI process is running').toContain('chatbot.js');
  for (const [index, cmdline] of cmdlines.entries()) {
    for (const secret of secrets) expect(cmdline.includes(secret), `process ${tree[index]}: ${cmdline}`).toBe(false);
  }
}

/**
 * Runs the built CLI against `service`, a server that takes requests and never answers, waits until a request
 * carrying `secrets[0]` has arrived (the process holds the key and is still alive), checks the arguments, then ends it.
 */
export async function checkWhileHoldingKey(
  service: WebhookReceiver,
  args: string[],
  env: Record<string, string | undefined>,
  secrets: readonly string[],
  input = '',
): Promise<void> {
  const seen = service.deliveries.length;
  const proc = spawnCli([...args, '--base-url', service.url], env);
  proc.child.stdin?.end(input);
  try {
    await waitFor(() => service.deliveries.slice(seen).some((d) => d.raw.includes(secrets[0] as string)), {
      what: `the request of chatbot ${args.join(' ')} carrying the key; stderr: ${proc.stderr}`,
    });
    expectArgumentsFree(proc.child.pid as number, secrets);
  } finally {
    await stop(proc, 'SIGTERM');
  }
}
