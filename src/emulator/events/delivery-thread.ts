// Webhook POSTs in a worker thread, so that the HTTP client work of delivering events runs beside the request path
// instead of on it (the machine's second core). The thread only posts: the store, the schedule, retries and outcomes
// stay on the main thread (events/worker.ts), which hands it one attempt at a time and hears back how each ended.
// Jobs and answers cross in batches, one message per event-loop turn each way.
import { Worker } from 'node:worker_threads';
import { postingThread, type PostAnswer, type PostJob, type ThreadCommand } from './posting-thread.js';

export interface PostOptions {
  headers: Record<string, string>;
  /** Whole exchange, connect to last response byte. */
  timeoutMs: number;
  signal: AbortSignal;
}

interface Waiting {
  resolve(status: number): void;
  reject(error: Error): void;
}

/** The source the thread runs: postingThread is self-contained (node built-ins only, no imports). */
const THREAD_SOURCE = `(${postingThread.toString()})()`;

export class DeliveryThread {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private outgoing: ThreadCommand[] = [];
  private nextJob = 1;
  private closed = false;

  /** At most `socketsPerDevice` connections per device and receiver origin, in the thread. */
  constructor(private readonly socketsPerDevice: number) {}

  /** Resolves with the receiver's HTTP status once its response has ended; rejects on network failure or timeout. */
  post(device: string, url: string, body: string, options: PostOptions): Promise<number> {
    if (this.closed) return Promise.reject(new Error('the emulator is stopping'));
    if (options.signal.aborted) return Promise.reject(new Error('aborted'));
    const id = this.nextJob++;
    const job: PostJob = { id, device, url, body, headers: options.headers, timeoutMs: options.timeoutMs };
    return new Promise<number>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      options.signal.addEventListener(
        'abort',
        () => {
          if (!this.waiting.delete(id)) return;
          this.send({ abort: id });
          reject(new Error('aborted'));
        },
        { once: true },
      );
      this.send({ post: job });
    });
  }

  /** Ends the thread (and with it every socket it holds); attempts still waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('the emulator is stopping'));
    if (worker) await worker.terminate();
  }

  private send(command: ThreadCommand): void {
    this.outgoing.push(command);
    if (this.outgoing.length === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const commands = this.outgoing;
    this.outgoing = [];
    if (this.closed || commands.length === 0) return;
    this.thread().postMessage(commands);
  }

  /** The running thread, started on first use (an emulator that delivers nothing never starts one). */
  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { socketsPerDevice: this.socketsPerDevice },
    });
    worker.unref();
    worker.on('message', (answers: PostAnswer[]) => {
      for (const answer of answers) this.settle(answer);
    });
    // A thread that died takes its attempts with it: they fail (and are retried); the next post starts a new one.
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the delivery thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private settle(answer: PostAnswer): void {
    const waiting = this.waiting.get(answer.id);
    if (!waiting) return;
    this.waiting.delete(answer.id);
    if (answer.error === undefined) waiting.resolve(answer.status ?? 0);
    else waiting.reject(new Error(answer.error));
  }

  private failAll(error: Error): void {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const entry of waiting) entry.reject(error);
  }
}
