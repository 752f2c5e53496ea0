import { splitFrontMatter } from '../parse/front-matter.js';
import type { MarkdownJob, MarkdownRenderer } from '../parse/markdown-jobs.js';
import { markdownJobOf } from '../parse/parse-site.js';
import type { LastBuild } from './last-build.js';
import { prepareForEdits } from './body-edits.js';

/** Bodies per warm-up call: the server answers requests between calls (~150 ms each). */
const CHUNK = 8;

/**
 * Renders some of the site's Markdown bodies and throws the HTML away. A dev session whose first
 * build came from the cache has never run the Markdown pipeline: the first edits would pay for
 * compiling it (~200 ms for one body, ~15 ms once the JIT has seen a few dozen). Runs after the
 * first build, a chunk at a time between requests, after making the indexes the first edit would
 * otherwise make.
 */
export async function warmUpMarkdown(last: LastBuild, render: MarkdownRenderer, stopped: () => boolean = () => false, bodies = 256): Promise<void> {
  prepareForEdits(last);
  const jobs: MarkdownJob[] = [];
  for (const entry of last.site.entries) {
    if (jobs.length >= bodies) break;
    const text = last.texts.get(entry.file);
    if (text === undefined) continue;
    const split = splitFrontMatter(text, entry.file);
    if (split.frontMatter) jobs.push(markdownJobOf(split, entry.locale, entry.section, last.config));
  }
  for (let i = 0; i < jobs.length && !stopped(); i += CHUNK) {
    await render(jobs.slice(i, i + CHUNK), last.site.images);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
