// The body of the webhook delivery thread (events/delivery-thread.ts): webhook POSTs over node:http(s) with kept-alive
// connections, one pool per device, so a receiver that hangs holds only its own device's sockets. The thread runs
// this function's source text, so it must stay self-contained: node built-ins through process.getBuiltinModule, no
// imports, no classes (a compiler may lower them with helpers defined outside the function).
import type { Agent, IncomingMessage } from 'node:http';

export interface PostJob {
  id: number;
  device: string;
  url: string;
  body: string;
  headers: Record<string, string>;
  /** Whole exchange, connect to last response byte. */
  timeoutMs: number;
}

/** Main thread → delivery thread. */
export type ThreadCommand = { post: PostJob } | { abort: number };

/** Delivery thread → main thread: the receiver's status, or why the attempt failed. */
export interface PostAnswer {
  id: number;
  status?: number;
  error?: string;
}

/** Runs in the delivery thread: takes batches of commands, answers with batches of outcomes. */
export function postingThread(): void {
  const http = process.getBuiltinModule('node:http');
  const https = process.getBuiltinModule('node:https');
  const threads = process.getBuiltinModule('node:worker_threads');
  const { parentPort } = threads;
  const { socketsPerDevice } = threads.workerData as { socketsPerDevice: number };
  /** An idle kept-alive socket is closed after this long (under the 5 s that Node servers keep one open). */
  const IDLE_SOCKET_MS = 4_000;
  const pools = new Map<string, Agent>();
  const inFlight = new Map<number, AbortController>();
  let answers: PostAnswer[] = [];

  const answer = (reply: PostAnswer) => {
    answers.push(reply);
    if (answers.length > 1) return;
    setImmediate(() => {
      const batch = answers;
      answers = [];
      parentPort?.postMessage(batch);
    });
  };

  const pool = (device: string, protocol: string): Agent => {
    const key = `${protocol}${device}`;
    let agent = pools.get(key);
    if (!agent) {
      const options = { keepAlive: true, maxSockets: socketsPerDevice, timeout: IDLE_SOCKET_MS };
      agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
      pools.set(key, agent);
    }
    return agent;
  };

  /** One exchange; `stale` is set on the error when a kept-alive socket the receiver had closed was reused. */
  const postOnce = (target: URL, agent: Agent, job: PostJob, signal: AbortSignal) =>
    new Promise<number>((resolve, reject) => {
      const send = target.protocol === 'https:' ? https.request : http.request;
      const req = send(target, {
        method: 'POST',
        agent,
        signal,
        headers: { ...job.headers, 'content-length': String(Buffer.byteLength(job.body)) },
      });
      let answered = false;
      const timer = setTimeout(() => req.destroy(new Error(`no answer within ${job.timeoutMs} ms`)), job.timeoutMs);
      const fail = (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        const stale = req.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        reject(Object.assign(error, { stale }));
      };
      req.on('response', (res: IncomingMessage) => {
        answered = true;
        res.on('error', fail);
        res.on('end', () => {
          clearTimeout(timer);
          resolve(res.statusCode ?? 0);
        });
        res.resume();
      });
      req.on('error', fail);
      req.end(job.body);
    });

  const post = async (job: PostJob, signal: AbortSignal): Promise<number> => {
    const target = new URL(job.url);
    const agent = pool(job.device, target.protocol);
    try {
      return await postOnce(target, agent, job, signal);
    } catch (error) {
      // A kept-alive socket the receiver closed just as it was reused: the request never reached it.
      if (!(error as { stale?: boolean }).stale) throw error;
      return postOnce(target, agent, job, signal);
    }
  };

  const start = (job: PostJob) => {
    const controller = new AbortController();
    inFlight.set(job.id, controller);
    post(job, controller.signal)
      .then(
        (status) => answer({ id: job.id, status }),
        (error: unknown) => answer({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => inFlight.delete(job.id));
  };

  parentPort?.on('message', (commands: ThreadCommand[]) => {
    for (const command of commands) {
      if ('post' in command) start(command.post);
      else inFlight.get(command.abort)?.abort();
    }
  });
}
