/**
 * A worker thread of the Markdown pool (markdown-pool.ts): renders batches of bodies with the image
 * facts of the current build. bin/sitegen bundles this file next to the CLI.
 */
import { parentPort } from 'node:worker_threads';
import type { ImageFacts } from '../model/images.js';
import { renderJob } from '../parse/markdown-jobs.js';
import type { PoolMessage } from './markdown-pool.js';

let facts: ImageFacts = new Map();
parentPort!.on('message', (message: PoolMessage) => {
  if (message.type === 'facts') {
    facts = message.facts;
    return;
  }
  try {
    parentPort!.postMessage({ call: message.call, batch: message.batch, results: message.jobs.map((job) => renderJob(job, facts)) });
  } catch (error) {
    parentPort!.postMessage({ call: message.call, batch: message.batch, error: (error as Error).stack ?? String(error) });
  }
});
