// When each contact arrives: phases of contacts per second (`5/s:30s,50/s:60s,5/s:30s`), or a fixed number of
// contacts (all at once, or at the last phase's rate until there are that many).
import { UsageError } from '../../../../errors.js';
import { durationProblem, parseDuration } from '../../../../duration.js';

export interface Phase {
  /** Contacts per second. */
  rate: number;
  /** How long the phase lasts; undefined: until the run has its number of contacts. */
  durationMs: number | undefined;
}

const PHASE = /^(\d+(?:\.\d+)?)\/s(?::(.+))?$/;

/** One phase of an arrival text, or what is wrong with it. */
function readPhase(part: string): Phase | string {
  const match = PHASE.exec(part);
  const rate = Number(match?.[1]);
  const written = match?.[2]?.trim();
  const duration = written === undefined ? undefined : parseDuration(written, 'ms');
  if (match && rate > 0 && (written === undefined || duration !== undefined)) return { rate, durationMs: duration };
  const why = match && rate > 0 && written !== undefined ? `: ${durationProblem(written, 'ms')}` : '';
  return `"${part}" is not a phase — write contacts per second and how long, e.g. 5/s:30s,50/s:60s${why}`;
}

/** What is wrong with the first bad phase of `text`, or undefined when each phase reads. */
export function arrivalProblem(text: string): string | undefined {
  return text
    .split(',')
    .map((part) => readPhase(part.trim()))
    .find((phase): phase is string => typeof phase === 'string');
}

/** `5/s:30s,50/s:60s`; `source` names where it was written, for the error. */
export function parseArrival(text: string, source: string): Phase[] {
  const phases = text.split(',').map((part) => {
    const phase = readPhase(part.trim());
    if (typeof phase === 'string') throw new UsageError(`${source}: ${phase}`);
    return phase;
  });
  if (phases.slice(0, -1).some((phase) => phase.durationMs === undefined)) {
    throw new UsageError(`${source}: only the last phase may leave out its duration (${text})`);
  }
  return phases;
}

/** Each contact's arrival, in ms from the start: the phases until they end or `contacts` have arrived. */
export function arrivalTimes(phases: readonly Phase[], contacts: number | undefined): number[] {
  const times: number[] = [];
  const enough = () => contacts !== undefined && times.length >= contacts;
  if (phases.length === 0) return Array.from({ length: contacts ?? 0 }, () => 0);
  let start = 0;
  for (const phase of phases) {
    const interval = 1000 / phase.rate;
    const end = phase.durationMs === undefined ? Infinity : start + phase.durationMs;
    for (let at = start; at < end && !enough(); at += interval) times.push(Math.round(at));
    if (enough()) break;
    start = end;
  }
  return times;
}

/** `5/s for 30 s, 50/s for 1 min` for reports. */
export function describePhases(phases: readonly Phase[], contacts: number | undefined): string {
  const parts = phases.map((phase) =>
    phase.durationMs === undefined ? `${phase.rate}/s` : `${phase.rate}/s for ${phase.durationMs / 1000} s`,
  );
  const all = contacts === undefined ? '' : `${contacts} contacts`;
  return [all, parts.join(', then ')].filter((part) => part !== '').join(', ') || 'no contacts';
}
