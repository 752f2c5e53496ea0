import { Worker } from 'node:worker_threads';
import type { ImageFacts } from '../model/images.js';
import type { RenderedMarkdown } from '../model/markdown.js';
import type { DrawnCard, SocialCard } from '../model/social-image.js';
import type { MarkdownJob } from '../parse/markdown-jobs.js';

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
  | { type: 'run'; task: PoolTask; batch: number; jobs: unknown[] };

export type WorkerReply = { batch: number; results: unknown[] } | { batch: number; error: string };

/**
 * Jobs sent to a worker at once: large enough that messaging costs little, small enough to
 * balance. A Markdown body takes about a millisecond, a social image about twenty.
 */
const BATCH: Record<PoolTask, number> = { markdown: 32, social: 4 };

export interface WorkerPool {
  /** The jobs' results in job order; `done` is told of each batch as it comes back (progress). */
  run<T extends PoolTask>(task: T, jobs: readonly PoolTasks[T]['job'][], shared: PoolTasks[T]['shared'], done?: (count: number) => void): Promise<PoolTasks[T]['result'][]>;
  close(): Promise<void>;
}

/**
 * `size` worker threads for the build's CPU-bound work: Markdown bodies (parse) and social images.
 * Batches go to whichever worker is free, and the results are put back in job order, so the output
 * does not depend on the number of workers or on which finished first. The workers start on first
 * use and live until close() (a `sitegen dev` session keeps them between rebuilds; a single build
 * closes them after each stage that used them, so their heaps are given back).
 */
export function workerPool(workerScript: string, size: number): WorkerPool {
  // Started on first use: a warm build whose Markdown and images all come from the caches starts no thread.
  let started: Worker[] | undefined;
  // One call at a time: replies carry no call id, and each call sends what its jobs share first.
  let queue: Promise<unknown> = Promise.resolve();
  const runNow = (task: PoolTask, jobs: readonly unknown[], shared: unknown, done?: (count: number) => void) => new Promise<unknown[]>((resolve, reject) => {
    const workers = (started ??= Array.from({ length: size }, () => new Worker(workerScript)));
    const results: unknown[] = new Array(jobs.length);
    const per = BATCH[task];
    const batches = Math.ceil(jobs.length / per);
    if (batches === 0) return resolve([]);
    let next = 0;
    let finished = 0;
    let failed = false;
    const send = (worker: Worker) => {
      if (next >= batches) return;
      const batch = next++;
      worker.postMessage({ type: 'run', task, batch, jobs: jobs.slice(batch * per, (batch + 1) * per) } satisfies PoolMessage);
    };
    const listeners = workers.map((worker) => {
      const onMessage = (reply: WorkerReply) => {
        if (failed) return;
        if ('error' in reply) {
          failed = true;
          cleanup();
          return reject(new Error(`a worker thread failed (${task}): ${reply.error}`));
        }
        reply.results.forEach((result, i) => { results[reply.batch * per + i] = result; });
        done?.(reply.results.length);
        if (++finished === batches) {
          cleanup();
          return resolve(results);
        }
        send(worker);
      };
      const onError = (error: Error) => {
        if (failed) return;
        failed = true;
        cleanup();
        reject(error);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      return () => { worker.off('message', onMessage); worker.off('error', onError); };
    });
    const cleanup = () => listeners.forEach((off) => off());
    for (const worker of workers) {
      worker.postMessage({ type: 'shared', task, shared } satisfies PoolMessage);
      send(worker);
      send(worker); // two in flight per worker: it never waits for the next batch
    }
  });
  return {
    run: <T extends PoolTask>(task: T, jobs: readonly PoolTasks[T]['job'][], shared: PoolTasks[T]['shared'], done?: (count: number) => void) => {
      const run = queue.then(() => runNow(task, jobs, shared, done)) as Promise<PoolTasks[T]['result'][]>;
      // Chained without the results: a promise that passed them on would keep every result alive until the next call.
      queue = run.then(() => undefined, () => undefined);
      return run;
    },
    close: async () => {
      await queue;
      const workers = started ?? [];
      started = undefined; // a later call starts new threads
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
