import { Worker } from 'node:worker_threads';
import type { ImageFacts } from '../model/images.js';
import type { RenderedMarkdown } from '../model/markdown.js';
import type { MarkdownJob, MarkdownRenderer } from '../parse/markdown-jobs.js';

export type PoolMessage =
  | { type: 'facts'; facts: ImageFacts }
  | { type: 'render'; call: number; batch: number; jobs: MarkdownJob[] };

type WorkerReply = { call: number; batch: number; results: RenderedMarkdown[] } | { call: number; batch: number; error: string };

/** Bodies sent to a worker at once: large enough that messaging costs little, small enough to balance. */
const BATCH = 32;
/** Batches a worker holds at once: it never waits for the next one. */
const IN_FLIGHT = 2;

export interface MarkdownPool {
  render: MarkdownRenderer;
  close(): Promise<void>;
}

/** One render call: its image facts, its results in job order, and how it ends. */
interface Call {
  facts: ImageFacts;
  results: RenderedMarkdown[];
  left: number;
  rendered?: (count: number) => void;
  resolve(results: RenderedMarkdown[]): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  /** The image facts this worker renders with (sent again when a batch of another call needs others). */
  facts?: ImageFacts;
  busy: number;
}

/**
 * Markdown bodies rendered by `size` worker threads. Batches go to whichever worker is free, and the
 * results are put back in job order, so the output does not depend on the number of workers or on
 * which finished first. Calls may overlap (the parse stage sends the next window of bodies while the
 * last renders): their batches queue in call order, each rendered with its own call's image facts.
 * The workers live until close() (a `sitegen dev` session keeps them between rebuilds).
 */
export function markdownPool(workerScript: string, size: number): MarkdownPool {
  // Started on first use: a warm build whose Markdown all comes from the cache starts no thread.
  let threads: Thread[] | undefined;
  const queue: { call: number; batch: number; jobs: MarkdownJob[] }[] = [];
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
    for (const thread of threads ?? []) {
      while (thread.busy < IN_FLIGHT && queue.length) {
        const next = queue.shift()!;
        const call = calls.get(next.call)!;
        if (thread.facts !== call.facts) {
          thread.worker.postMessage({ type: 'facts', facts: call.facts } satisfies PoolMessage);
          thread.facts = call.facts;
        }
        thread.worker.postMessage({ type: 'render', ...next } satisfies PoolMessage);
        thread.busy++;
      }
    }
  };
  const start = (): Thread[] => Array.from({ length: size }, () => {
    const thread: Thread = { worker: new Worker(workerScript), busy: 0 };
    thread.worker.on('message', (reply: WorkerReply) => {
      thread.busy--;
      const call = calls.get(reply.call);
      if (call && 'error' in reply) fail(reply.call, new Error(`a Markdown worker failed: ${reply.error}`));
      else if (call && 'results' in reply) {
        reply.results.forEach((result, i) => { call.results[reply.batch * BATCH + i] = result; });
        call.rendered?.(reply.results.length);
        call.left--;
        if (call.left === 0) {
          calls.delete(reply.call);
          call.resolve(call.results);
        }
      }
      pump();
    });
    // A worker that died takes every call with it: which of its batches were done is not known.
    thread.worker.on('error', (error: Error) => {
      for (const id of [...calls.keys()]) fail(id, error);
    });
    return thread;
  });

  return {
    render: (jobs, facts, rendered) => new Promise((resolve, reject) => {
      const batches = Math.ceil(jobs.length / BATCH);
      if (batches === 0) return resolve([]);
      threads ??= start();
      const id = nextCall++;
      calls.set(id, { facts, results: new Array(jobs.length), left: batches, rendered, resolve, reject });
      for (let batch = 0; batch < batches; batch++) queue.push({ call: id, batch, jobs: jobs.slice(batch * BATCH, (batch + 1) * BATCH) });
      pump();
    }),
    close: async () => {
      // Calls still running end first (their results or their errors).
      await Promise.allSettled([...calls.values()].map((call) => new Promise<void>((done) => {
        const { resolve, reject } = call;
        call.resolve = (results) => (resolve(results), done());
        call.reject = (error) => (reject(error), done());
      })));
      const workers = threads ?? [];
      threads = undefined; // a later render starts new threads
      await Promise.all(workers.map((t) => t.worker.terminate()));
    },
  };
}
