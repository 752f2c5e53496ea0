import { Worker } from 'node:worker_threads';
import type { ImageFacts } from '../model/images.js';
import type { RenderedMarkdown } from '../model/markdown.js';
import type { MarkdownJob, MarkdownRenderer } from '../parse/markdown-jobs.js';

export type PoolMessage =
  | { type: 'facts'; facts: ImageFacts }
  | { type: 'render'; batch: number; jobs: MarkdownJob[] };

type WorkerReply = { batch: number; results: RenderedMarkdown[] } | { batch: number; error: string };

/** Bodies sent to a worker at once: large enough that messaging costs little, small enough to balance. */
const BATCH = 32;

export interface MarkdownPool {
  render: MarkdownRenderer;
  close(): Promise<void>;
}

/**
 * Markdown bodies rendered by `size` worker threads. Batches go to whichever worker is free, and the
 * results are put back in job order, so the output does not depend on the number of workers or on
 * which finished first. The workers live until close() (a `sitegen dev` session keeps them between rebuilds).
 */
export function markdownPool(workerScript: string, size: number): MarkdownPool {
  // Started on first use: a warm build whose Markdown all comes from the cache starts no thread.
  let started: Worker[] | undefined;
  // One call at a time: replies carry no call id, and each call sends its image facts first.
  let queue: Promise<unknown> = Promise.resolve();
  const renderNow: MarkdownRenderer = (jobs, facts, rendered) => new Promise((resolve, reject) => {
    const workers = (started ??= Array.from({ length: size }, () => new Worker(workerScript)));
    const results: RenderedMarkdown[] = new Array(jobs.length);
    const batches = Math.ceil(jobs.length / BATCH);
    if (batches === 0) return resolve([]);
    let next = 0;
    let done = 0;
    let failed = false;
    const send = (worker: Worker) => {
      if (next >= batches) return;
      const batch = next++;
      worker.postMessage({ type: 'render', batch, jobs: jobs.slice(batch * BATCH, (batch + 1) * BATCH) } satisfies PoolMessage);
    };
    const listeners = workers.map((worker) => {
      const onMessage = (reply: WorkerReply) => {
        if (failed) return;
        if ('error' in reply) {
          failed = true;
          cleanup();
          return reject(new Error(`a Markdown worker failed: ${reply.error}`));
        }
        reply.results.forEach((result, i) => { results[reply.batch * BATCH + i] = result; });
        rendered?.(reply.results.length);
        if (++done === batches) {
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
      worker.postMessage({ type: 'facts', facts } satisfies PoolMessage);
      send(worker);
      send(worker); // two in flight per worker: it never waits for the next batch
    }
  });
  return {
    render: (jobs, facts, rendered) => {
      const run = queue.then(() => renderNow(jobs, facts, rendered));
      // Chained without the results: a promise that passed them on would keep every body's HTML alive until the next call.
      queue = run.then(() => undefined, () => undefined);
      return run;
    },
    close: async () => {
      await queue;
      const workers = started ?? [];
      started = undefined; // a later render starts new threads
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
