// Figures from reliability tests (bodies fuzzed, faults injected, writes checked after kills) for `npm run soak`
// and docs/reliability.md. A test records what it really did; nothing is written unless the soak run asks for it.
import { appendFileSync } from 'node:fs';

/** True under `npm run soak`: tests run their heavy versions. */
export const SOAK = process.env.CHATBOT_SOAK === '1';

/** Picks the CI size or the soak size of a workload. */
export function workload(ci: number, soak: number): number {
  return SOAK ? soak : ci;
}

/** Adds `value` to the named figure of this run, e.g. record('bodies fuzzed', 5000). */
export function record(figure: string, value: number): void {
  const file = process.env.CHATBOT_RELIABILITY_REPORT;
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ figure, value })}\n`);
}
