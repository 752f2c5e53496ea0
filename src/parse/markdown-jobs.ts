import type { ImageFacts } from '../model/images.js';
import type { LinkContext } from './classify-href.js';
import { renderMarkdown } from './markdown.js';
import { type RenderedMarkdown } from '../model/markdown.js';

/**
 * One Markdown body to render, as plain data: it can be sent to a worker thread and hashed for the
 * cache, and rendering it depends on nothing else but the image facts of the build.
 */
export interface MarkdownJob {
  body: string;
  context: LinkContext;
  /** Lines before the body in its file (front matter), so positions are the file's. */
  lineOffset: number;
  /** The page shows no image above its body: its first body image is the lead image. */
  firstIsLead: boolean;
}

/**
 * Renders a build's Markdown bodies, in order: in this thread, in worker threads, or from the cache.
 * `rendered` is told of each body (or batch of bodies) as it is done, for progress.
 */
export type MarkdownRenderer = (jobs: readonly MarkdownJob[], facts: ImageFacts, rendered?: (count: number) => void) => Promise<RenderedMarkdown[]>;

export function renderJob(job: MarkdownJob, facts: ImageFacts): RenderedMarkdown {
  return renderMarkdown(job.body, job.context, job.lineOffset, { facts, firstIsLead: job.firstIsLead });
}

export const renderInThisThread: MarkdownRenderer = async (jobs, facts, rendered) => jobs.map((job) => {
  const result = renderJob(job, facts);
  rendered?.(1);
  return result;
});
