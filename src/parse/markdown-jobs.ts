import { createHash } from 'node:crypto';
import type { ImageFacts } from '../model/images.js';
import type { LinkContext } from './classify-href.js';
import { renderMarkdown } from './markdown.js';
import { parsedMarkdown, type ParsedMarkdown, type RenderedMarkdown } from '../model/markdown.js';

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
  /** bodyFactsOf(body), where parse made it already (the front-matter cache keeps it). */
  bodyFacts?: BodyFacts;
}

/**
 * What the Markdown cache keys a body by (src/incremental/markdown-cache.ts): its SHA-256, and the
 * image paths it names, whose facts change its HTML. Kept by the front-matter cache with the
 * file's digest, so that a file whose body the Markdown cache has is not read again.
 */
export interface BodyFacts {
  digest: string;
  images: string[];
}

/** A job as the Markdown cache knows it, without its body: what a file the build does not read again gives. */
export type KnownJob = Omit<MarkdownJob, 'body' | 'bodyFacts'> & { bodyFacts: BodyFacts };

const IMAGE_PATH = /\/[^\s()"'<>]+\.(?:png|jpe?g|gif|webp|avif|tiff?|svg)/gi;

export function bodyFactsOf(body: string): BodyFacts {
  // Only the images the body can name change its output: a new image elsewhere keeps its key.
  return { digest: createHash('sha256').update(body).digest('hex'), images: [...new Set(body.match(IMAGE_PATH) ?? [])].sort() };
}

/**
 * Renders Markdown bodies, in order: in this thread or in worker threads. `rendered` is told of each
 * body (or batch of bodies) as it is done, for progress. Calls may overlap (the parse stage sends
 * the site's bodies a window at a time, the next while the last renders).
 */
export type MarkdownRenderer = (jobs: readonly MarkdownJob[], facts: ImageFacts, rendered?: (count: number) => void) => Promise<RenderedMarkdown[]>;

/**
 * The same, where each body's HTML and headings go where the build keeps bodies (in memory, the
 * Markdown cache's packs or a spill file: model/markdown.ts) and only what other pages and the
 * checks need stays in memory: what the parse stage calls.
 */
export type BodyRenderer = (jobs: readonly MarkdownJob[], facts: ImageFacts, rendered?: (count: number) => void) => Promise<ParsedMarkdown[]>;

/** A renderer whose bodies stay in memory (a build that writes nothing, a dev session, a test). */
export const keptInMemory = (render: MarkdownRenderer): BodyRenderer => async (jobs, facts, rendered) => (await render(jobs, facts, rendered)).map((result) => parsedMarkdown(result));

export function renderJob(job: MarkdownJob, facts: ImageFacts): RenderedMarkdown {
  return renderMarkdown(job.body, job.context, job.lineOffset, { facts, firstIsLead: job.firstIsLead });
}

/**
 * Rendered here, the links, headings and excerpt are copied: V8 makes a substring of 13 characters
 * or more a view into the string it came from, and an excerpt or a link as written would keep the
 * whole file's text alive (a worker's results come back as copies anyway).
 */
export const renderInThisThread: MarkdownRenderer = async (jobs, facts, rendered) => jobs.map((job) => {
  const { html, ...rest } = renderJob(job, facts);
  rendered?.(1);
  return { html, ...structuredClone(rest) };
});
