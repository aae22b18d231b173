// Runs a load test: contacts arrive as the phases say, each a new number running one conversation (picked by weight);
// the recorder measures them, the live stream brings the bot's refused requests and webhook attempts, --redeliver
// queues a share of the events twice. Once the last contact is done, the run waits for the webhook queue to empty
// and the outbox to be quiet, so that a duplicate answer that comes late is still seen.
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { EmulatorControl } from '../../../../api/emulator-control.js';
import { NetworkError } from '../../../../errors.js';
import { sleep } from '../../../wait/backoff.js';
import type { Conversation } from '../file-types.js';
import { runConversation } from '../run/conversation.js';
import type { RunDeps } from '../run/conversation-state.js';
import { arrivalTimes, type Phase } from './arrival.js';
import { weightedPicker } from './contacts.js';
import { followLive } from './live.js';
import { Recorder } from './recorder.js';
import { Redeliverer } from './redeliver.js';
import type { CpuFigures } from './summary.js';

export interface LoadPlan {
  phases: Phase[];
  contacts: number | undefined;
  redeliver: number;
}

export interface LoadRun {
  recorder: Recorder;
  redelivered: number;
  liveComplete: boolean;
  durationMs: number;
  cpu: CpuFigures;
}

const SETTLE_LIMIT_MS = 10_000;
const QUIET_MS = 300;

async function clockOffset(control: EmulatorControl): Promise<number> {
  const clock = await control.clock();
  return clock.alterado ? Date.parse(clock.agora) - Date.now() : 0;
}

/** Waits (up to a limit) for no webhook delivery pending on the devices, then for the outbox to stay quiet a moment. */
async function settle(deps: RunDeps, devices: readonly string[], signal: AbortSignal): Promise<void> {
  const until = Date.now() + SETTLE_LIMIT_MS;
  for (const appkey of devices) {
    while (Date.now() < until && !signal.aborted) {
      const pending = (await deps.control.webhooks({ appkey, estado: 'pending' })).contagem?.pending ?? 0;
      if (pending === 0) break;
      await sleep(50, signal);
    }
  }
  for (const appkey of devices) {
    const feed = deps.feeds.outbox(appkey);
    for (let count = -1; count !== feed.all.length && Date.now() < until && !signal.aborted;) {
      count = feed.all.length;
      await sleep(QUIET_MS, signal);
      await feed.refresh(signal);
    }
  }
}

function cpuFigures(startCpu: NodeJS.CpuUsage, elu: EventLoopUtilization, wallMs: number, own: boolean): CpuFigures {
  const used = process.cpuUsage(startCpu);
  const share = wallMs === 0 ? 0 : (used.user + used.system) / 1000 / wallMs;
  const eventLoop = performance.eventLoopUtilization(elu).utilization;
  const who = own ? 'the generator and the emulator (one process)' : 'the generator';
  const busy = Math.round(eventLoop * 100);
  let verdict = `${who} had room to spare (busy ${busy}% of the run): the figures are the bot's`;
  if (eventLoop > 0.8 && share < 0.5) {
    verdict = `the machine was busy: ${who} waited for a core (busy ${busy}% of the run on ${Math.round(share * 100)}% of a core), so other processes, not the bot, may have been the limit`;
  } else if (eventLoop > 0.8) {
    verdict = `${who} were busy ${busy}% of the run: they, not the bot, may have been the limit`;
  }
  return { process: share, eventLoop, emulatorInProcess: own, verdict };
}

/** A run as it goes, for those that show it: what it measured so far, and how many events it delivered twice. */
export interface RunView {
  recorder: Recorder;
  redelivered(): number;
  /** Whether the live event stream was followed throughout so far. */
  liveComplete(): boolean;
}

/**
 * Starts every contact at its time, waits for them all, then for late deliveries and answers; `onStart` is called
 * once, just before the first contact arrives.
 */
export async function runLoad(
  conversations: readonly Conversation[],
  plan: LoadPlan,
  deps: Omit<RunDeps, 'observer'>,
  session: { url: string; own: boolean },
  onStart: (view: RunView) => void = () => undefined,
): Promise<LoadRun> {
  const redeliverer = new Redeliverer(deps.control, plan.redeliver);
  const recorder = new Recorder(await clockOffset(deps.control), (id) => redeliverer.contactEvent(id));
  const live = await followLive(session.url, (event) => {
    recorder.heard(event);
    redeliverer.heard(event);
  });
  if (plan.redeliver > 0 && !live.open) {
    await live.stop();
    throw new NetworkError(
      `--redeliver needs the emulator's live events (${session.url}/__emulator/events), which did not answer: leave out --redeliver, or check the emulator`,
    );
  }
  const runDeps: RunDeps = { ...deps, observer: recorder };
  const pick = weightedPicker(conversations);
  const startCpu = process.cpuUsage();
  const elu = performance.eventLoopUtilization();
  const running = new Set<Promise<void>>();
  recorder.startedAt = Date.now();
  onStart({
    recorder,
    redelivered: () => redeliverer.redelivered.size,
    liveComplete: () => live.open && !live.lost,
  });
  for (const at of arrivalTimes(plan.phases, plan.contacts)) {
    const wait = recorder.startedAt + at - Date.now();
    if (wait > 0) await sleep(wait, deps.signal);
    if (deps.signal.aborted) break;
    recorder.arrived();
    const contact: Promise<void> = runConversation(pick(), runDeps, (state) => recorder.states.push(state))
      .then((result) => recorder.finished(result))
      .finally(() => running.delete(contact));
    running.add(contact);
  }
  await Promise.all(running);
  const durationMs = Date.now() - recorder.startedAt;
  await redeliverer.settled();
  await settle(runDeps, [...new Set(conversations.map((conversation) => conversation.device))], deps.signal);
  for (const state of recorder.states) state.botMessages();
  const cpu = cpuFigures(startCpu, elu, Date.now() - recorder.startedAt, session.own);
  await live.stop();
  return {
    recorder,
    redelivered: redeliverer.redelivered.size,
    liveComplete: live.open && !live.lost,
    durationMs,
    cpu,
  };
}
