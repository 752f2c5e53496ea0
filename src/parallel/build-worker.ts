/**
 * A worker thread of the build's pool (worker-pool.ts): renders batches of Markdown bodies with the
 * image facts of the current call, or draws batches of social images. bin/sitegen bundles this file
 * next to the CLI.
 */
import { parentPort } from 'node:worker_threads';
import { drawSocialCard } from '../images/social-card.js';
import type { ImageFacts } from '../model/images.js';
import type { SocialCard } from '../model/social-image.js';
import { renderJob, type MarkdownJob } from '../parse/markdown-jobs.js';
import type { PoolMessage, WorkerReply } from './worker-pool.js';

let facts: ImageFacts = new Map();

async function run(message: Extract<PoolMessage, { type: 'run' }>): Promise<unknown[]> {
  if (message.task === 'markdown') return (message.jobs as MarkdownJob[]).map((job) => renderJob(job, facts));
  const drawn = [];
  // One card after the other: each keeps the thread busy, and the pool has a thread per core.
  for (const card of message.jobs as SocialCard[]) drawn.push(await drawSocialCard(card));
  return drawn;
}

parentPort!.on('message', (message: PoolMessage) => {
  if (message.type === 'shared') {
    if (message.task === 'markdown') facts = message.shared as ImageFacts;
    return;
  }
  run(message).then(
    (results) => parentPort!.postMessage({ call: message.call, batch: message.batch, results } satisfies WorkerReply),
    (error: unknown) => parentPort!.postMessage({ call: message.call, batch: message.batch, error: (error as Error).stack ?? String(error) } satisfies WorkerReply),
  );
});
