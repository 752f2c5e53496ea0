/**
 * A worker of the build's pool (worker-pool.ts), as a thread or a process of its own
 * (pool-worker.ts): renders batches of Markdown bodies with the image facts of the current call,
 * or draws batches of social images. bin/sitegen bundles this file next to the CLI.
 */
import { parentPort } from 'node:worker_threads';
import type { ImageFacts } from '../model/images.js';
import type { SocialCard } from '../model/social-image.js';
import type { MarkdownJob } from '../parse/markdown-jobs.js';
import type { PoolMessage, WorkerReply } from './worker-pool.js';

let facts: ImageFacts = new Map();

// Each task's modules are loaded by the first job of that task: a drawing process never loads remark
// and its plugins (about a quarter of a second).
async function run(message: Extract<PoolMessage, { type: 'run' }>): Promise<unknown[]> {
  if (message.task === 'markdown') {
    // The facts of this job's call, taken before the import: while it loads, the shared value of
    // the next call may arrive (the pool sends ahead) and replace `facts`.
    const shared = facts;
    const { renderJob } = await import('../parse/markdown-jobs.js');
    return (message.jobs as MarkdownJob[]).map((job) => renderJob(job, shared));
  }
  const { drawSocialCard } = await import('../images/social-card.js');
  const drawn = [];
  // One card after the other: each keeps the thread busy, and the pool has a thread per core.
  for (const card of message.jobs as SocialCard[]) drawn.push(await drawSocialCard(card));
  return drawn;
}

// A thread talks through its port; a process through its IPC channel, and ends with it (its pool's process is gone).
const reply = (message: WorkerReply) => (parentPort ? parentPort.postMessage(message) : process.send!(message));
const listen = (handler: (message: PoolMessage) => void) => (parentPort ? parentPort.on('message', handler) : process.on('message', handler));
if (!parentPort) process.on('disconnect', () => process.exit(0));

listen((message: PoolMessage) => {
  if (message.type === 'shared') {
    if (message.task === 'markdown') facts = message.shared as ImageFacts;
    return;
  }
  run(message).then(
    (results) => reply({ call: message.call, batch: message.batch, results }),
    (error: unknown) => reply({ call: message.call, batch: message.batch, error: (error as Error).stack ?? String(error) }),
  );
});
