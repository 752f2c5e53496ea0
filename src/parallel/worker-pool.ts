import type { ImageFacts } from '../model/images.js';
import type { RenderedMarkdown } from '../model/markdown.js';
import type { DrawnCard, SocialCard } from '../model/social-image.js';
import type { MarkdownJob } from '../parse/markdown-jobs.js';
import { startWorker, type PoolWorker, type Transport } from './pool-worker.js';

/** What the worker threads do: for each task, its job, its result, and what every job of one call shares. */
export interface PoolTasks {
  /** Markdown bodies to HTML (parse stage), with the build's image facts. */
  markdown: { job: MarkdownJob; result: RenderedMarkdown; shared: ImageFacts };
  /** Social images drawn from their cards (social stage). */
  social: { job: SocialCard; result: DrawnCard; shared: null };
}
export type PoolTask = keyof PoolTasks;

export type PoolMessage =
  | { type: 'shared'; task: PoolTask; shared: unknown }
  | { type: 'run'; task: PoolTask; call: number; batch: number; jobs: unknown[] };

export type WorkerReply = { call: number; batch: number; results: unknown[] } | { call: number; batch: number; error: string };

/**
 * Jobs sent to a worker at once: large enough that messaging costs little, small enough to
 * balance. A Markdown body takes about a millisecond, a social image about twenty.
 */
const BATCH: Record<PoolTask, number> = { markdown: 32, social: 4 };
/**
 * Social images are drawn in processes: resvg's native memory would otherwise stay in this
 * process after the stage. Markdown bodies stay in threads, which start sooner and whose heaps
 * V8 gives back when they end.
 */
const TRANSPORT: Record<PoolTask, Transport> = { markdown: 'thread', social: 'process' };
const TRANSPORTS = new Set(Object.values(TRANSPORT)).size;
/** Batches a worker holds at once: it never waits for the next one. */
const IN_FLIGHT = 2;

export interface WorkerPool {
  /** The jobs' results in job order; `done` is told of each batch as it comes back (progress). */
  run<T extends PoolTask>(task: T, jobs: readonly PoolTasks[T]['job'][], shared: PoolTasks[T]['shared'], done?: (count: number) => void): Promise<PoolTasks[T]['result'][]>;
  close(): Promise<void>;
}

/** One run call: its task and what its jobs share, its results in job order, and how it ends. */
interface Call {
  task: PoolTask;
  shared: unknown;
  results: unknown[];
  left: number;
  done?: (count: number) => void;
  resolve(results: unknown[]): void;
  reject(error: Error): void;
}

/** One of the pool's workers, a thread or a process, and what the pool knows of it. */
interface Member {
  worker: PoolWorker<PoolMessage>;
  /** What this worker's jobs of each task share now (sent again when a batch of another call needs other). */
  shared: Map<PoolTask, unknown>;
  busy: number;
}

/**
 * `size` workers for the build's CPU-bound work: Markdown bodies (parse) in threads and social
 * images in processes (TRANSPORT).
 * Batches go to whichever worker is free, and the results are put back in job order, so the output
 * does not depend on the number of workers or on which finished first. Calls may overlap (the
 * parse stage sends the next window of bodies while the last renders): their batches queue in call
 * order, each run with its own call's shared value. A transport's workers start on first use and
 * live until close() (a `sitegen dev` session keeps them between rebuilds; a single build closes
 * them after each stage that used them, so their memory is given back).
 */
export function workerPool(workerScript: string, size: number): WorkerPool {
  // Started on first use: a warm build whose Markdown and images all come from the caches starts none.
  let workers: Partial<Record<Transport, Member[]>> = {};
  const queue: { call: number; batch: number; jobs: unknown[] }[] = [];
  const calls = new Map<number, Call>();
  let nextCall = 0;

  const fail = (id: number, error: Error) => {
    const call = calls.get(id);
    if (!call) return;
    calls.delete(id);
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.call === id) queue.splice(i, 1);
    call.reject(error);
  };
  const pump = () => {
    // Batches go in call order, each to a free worker of its task's transport; a batch whose
    // transport has none free waits without holding back those of the other.
    const full = new Set<Transport>();
    for (let i = 0; i < queue.length && full.size < TRANSPORTS;) {
      const next = queue[i]!;
      const { task, shared } = calls.get(next.call)!;
      const transport = TRANSPORT[task];
      const member = full.has(transport) ? undefined : (workers[transport] ??= start(transport)).find((t) => t.busy < IN_FLIGHT);
      if (!member) {
        full.add(transport);
        i++;
        continue;
      }
      queue.splice(i, 1);
      if (!member.shared.has(task) || member.shared.get(task) !== shared) {
        member.worker.post({ type: 'shared', task, shared } satisfies PoolMessage);
        member.shared.set(task, shared);
      }
      member.worker.post({ type: 'run', task, ...next } satisfies PoolMessage);
      member.busy++;
    }
  };
  const start = (transport: Transport): Member[] => Array.from({ length: size }, () => {
    const member: Member = { worker: undefined!, shared: new Map(), busy: 0 };
    const reply = (reply: WorkerReply) => {
      member.busy--;
      const call = calls.get(reply.call);
      if (call && 'error' in reply) fail(reply.call, new Error(`a worker ${transport} failed (${call.task}): ${reply.error}`));
      else if (call && 'results' in reply) {
        const per = BATCH[call.task];
        reply.results.forEach((result, i) => { call.results[reply.batch * per + i] = result; });
        call.done?.(reply.results.length);
        if (--call.left === 0) {
          calls.delete(reply.call);
          call.resolve(call.results);
        }
      }
      pump();
    };
    // A worker that died takes every call with it: which of its batches were done is not known.
    // Its fellows go too, so that a later call (the next edit of a dev session) starts whole.
    const died = (error: Error) => {
      const fellows = workers[transport];
      if (fellows?.includes(member)) {
        delete workers[transport];
        void Promise.all(fellows.filter((t) => t !== member).map((t) => t.worker.stop()));
      }
      for (const id of [...calls.keys()]) fail(id, new Error(`a worker ${transport} died: ${error.message}`));
    };
    member.worker = startWorker<PoolMessage, WorkerReply>(workerScript, transport, reply, died);
    return member;
  });

  return {
    run: <T extends PoolTask>(task: T, jobs: readonly PoolTasks[T]['job'][], shared: PoolTasks[T]['shared'], done?: (count: number) => void) => new Promise<PoolTasks[T]['result'][]>((resolve, reject) => {
      const per = BATCH[task];
      const batches = Math.ceil(jobs.length / per);
      if (batches === 0) return resolve([]);
      const id = nextCall++;
      calls.set(id, { task, shared, results: new Array(jobs.length), left: batches, done, resolve: resolve as (results: unknown[]) => void, reject });
      for (let batch = 0; batch < batches; batch++) queue.push({ call: id, batch, jobs: jobs.slice(batch * per, (batch + 1) * per) });
      pump();
    }),
    close: async () => {
      // Calls still running end first (their results or their errors).
      await Promise.allSettled([...calls.values()].map((call) => new Promise<void>((ended) => {
        const { resolve, reject } = call;
        call.resolve = (results) => (resolve(results), ended());
        call.reject = (error) => (reject(error), ended());
      })));
      const ending = Object.values(workers).flat();
      workers = {}; // a later call starts new ones
      await Promise.all(ending.map((t) => t.worker.stop()));
    },
  };
}
