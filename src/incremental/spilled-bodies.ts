import { closeSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsedMarkdown, type BodyContent, type BodyRef } from '../model/markdown.js';
import type { MarkdownRenderer } from '../parse/markdown-jobs.js';
import type { MarkdownBodies } from './markdown-cache.js';

/**
 * Bodies of a build without a cache (`--no-cache`) that writes its output: each body's HTML and
 * headings are written to a temporary file (in the system's temporary folder) as they come from the
 * threads, and read back when the page renders, as a build with a cache reads them from its packs
 * (markdown-cache.ts): the site's HTML is never in memory all at once. The file is removed when the
 * build ends; on a system that lets an open file be removed, at once, so that not even a killed
 * build leaves it behind.
 */
export function spilledBodies(inner: MarkdownRenderer): MarkdownBodies {
  let spill: Spill | undefined;
  return {
    render: async (jobs, facts, progress) => {
      const rendered = await inner(jobs, facts, progress);
      const file = (spill ??= new Spill());
      return rendered.map((result) => parsedMarkdown(result, (content) => file.keep(content)));
    },
    finish: async () => undefined,
    close: () => spill?.close(),
  };
}

/** The temporary file: bodies one after another, each read back by its offset and length. */
class Spill {
  private readonly path = join(tmpdir(), `sitegen-bodies-${process.pid}-${randomBytes(4).toString('hex')}`);
  private readonly fd = openSync(this.path, 'w+', 0o600);
  private removed = false;
  private closed = false;
  private size = 0;

  constructor() {
    try {
      unlinkSync(this.path); // still open, for this process alone
      this.removed = true;
    } catch {
      // A system that does not remove an open file (Windows): close() does.
    }
  }

  keep(content: BodyContent): BodyRef {
    const bytes = Buffer.from(JSON.stringify(content));
    for (let done = 0; done < bytes.length; ) done += writeSync(this.fd, bytes, done, bytes.length - done, this.size + done);
    const body = new SpilledBody(this, this.size, bytes.length);
    this.size += bytes.length;
    return body;
  }

  read(start: number, length: number): BodyContent {
    if (this.closed) throw new Error('the build that kept its rendered Markdown has ended');
    const bytes = Buffer.allocUnsafe(length);
    for (let done = 0; done < length; ) {
      const n = readSync(this.fd, bytes, done, length - done, start + done);
      if (n === 0) throw new Error('its rendered Markdown is missing from the build\'s temporary file');
      done += n;
    }
    return JSON.parse(bytes.toString('utf8')) as BodyContent;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
    if (!this.removed) rmSync(this.path, { force: true });
  }
}

class SpilledBody implements BodyRef {
  constructor(private readonly spill: Spill, private readonly start: number, private readonly length: number) {}

  read(): BodyContent {
    return this.spill.read(this.start, this.length);
  }
}
