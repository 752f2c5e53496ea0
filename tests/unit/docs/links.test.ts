import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { slug } from 'github-slugger';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTICS } from '../../../src/errors/catalogue.js';
import { parseDoc } from '../../helpers/markdown-docs.js';

/**
 * The documentation holds together: every relative link of README.md and docs/*.md leads to a file of
 * the repository and, with an #anchor, to a heading of that file (GitHub's heading ids); no link leaves
 * the repository; and every doc page or README section a diagnostic hint names exists.
 */

const ROOT = resolve(import.meta.dirname, '../../..');

const MARKDOWN_FILES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`)];

/** Why a link of `from` (a repository path) is broken, or undefined when it is fine. */
function linkProblem(from: string, url: string): string | undefined {
  if (url === '') return 'the link has no target';
  if (/^file:/i.test(url)) return 'a file: URL points outside the repository';
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return undefined; // https:, mailto:, …: not checked here
  if (url.startsWith('/')) return 'an absolute path: link relative to the file, inside the repository';
  const hashAt = url.indexOf('#');
  const rawPath = (hashAt === -1 ? url : url.slice(0, hashAt)).replace(/\?.*$/, '');
  const anchor = hashAt === -1 ? undefined : url.slice(hashAt + 1);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return `"${rawPath}" is not a valid URL path`;
  }
  const target = path === '' ? join(ROOT, from) : resolve(ROOT, dirname(from), path);
  const inRepo = relative(ROOT, target);
  if (inRepo.startsWith('..') || isAbsolute(inRepo)) return `${path} is outside the repository`;
  const targetPath = inRepo.split('\\').join('/');
  return targetProblem(targetPath === '' ? '.' : targetPath, anchor === undefined ? undefined : { anchor: decodeAnchor(anchor) });
}

function decodeAnchor(anchor: string): string {
  try {
    return decodeURIComponent(anchor);
  } catch {
    return anchor;
  }
}

/**
 * Why a repository file (and heading) named by a link or a hint does not exist, or undefined. A heading
 * is given as an anchor (`#front-matter-fields`) or as a section name ("Front matter fields"), which
 * is compared by its GitHub id.
 */
function targetProblem(path: string, heading?: { anchor: string } | { section: string }): string | undefined {
  const full = join(ROOT, path);
  if (!existsSync(full)) {
    return `${path} does not exist`;
  }
  if (!heading) return undefined;
  const anchor = 'anchor' in heading ? heading.anchor : slug(heading.section);
  const named = 'anchor' in heading ? `#${heading.anchor}` : `"${heading.section}" (#${anchor})`;
  if (statSync(full).isDirectory()) return `${path} is a folder: it has no heading ${named}`;
  if (!path.endsWith('.md')) {
    // GitHub's line anchors are the only anchors a source file has.
    return /^L\d+(-L\d+)?$/.test(anchor) ? undefined : `${path} is not Markdown: it has no heading ${named}`;
  }
  const doc = parseDoc(path);
  if (doc.anchors.has(anchor)) return undefined;
  return `${path} has no heading ${named}; its headings are ${doc.headings.map((h) => `"${h}"`).join(', ')}`;
}

describe('links in README.md and docs/*.md', () => {
  it('reads README.md and the docs pages', () => {
    expect(MARKDOWN_FILES).toContain('README.md');
    expect(MARKDOWN_FILES.length).toBeGreaterThan(1);
  });

  it.each(MARKDOWN_FILES)('every relative link and #anchor of %s leads to a file and heading in the repository', (file) => {
    const problems = parseDoc(file).links.flatMap(({ url, line, source }) => {
      const problem = linkProblem(file, url);
      return problem ? [`${file}:${line}: ${source}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------------
// Diagnostic hints. The hints of src/errors/catalogue.ts tell a writer where to read more: a doc page
// (`docs/content.md`, `docs/content.md#data-tables`) or a README section (`"Content format" in README.md`,
// `README.md "Content format"`). Each named file and heading must exist.
// NOTE (docs split): hints that still name README sections moved to docs/ fail here until the hints
// are rewritten to point at docs/*.md (done on another branch); the failure names the code and hint.

interface HintMention {
  /** As written in the hint. */
  text: string;
  path: string;
  heading?: { anchor: string } | { section: string };
}

/** Every doc file a hint names, with the heading it names, if any. */
function docMentions(hint: string): HintMention[] {
  const mentions: HintMention[] = [];
  for (const match of hint.matchAll(/(?:\bREADME\.md|\bdocs\/[\w.-]+\.md)(?:#([\p{L}\p{N}_-]+))?/gu)) {
    const [whole, anchor] = match;
    const path = anchor === undefined ? whole : whole.slice(0, whole.indexOf('#'));
    const before = /"([^"]+)" in $/.exec(hint.slice(0, match.index));
    const after = /^ "([^"]+)"/.exec(hint.slice(match.index + whole.length));
    if (anchor !== undefined) mentions.push({ text: whole, path, heading: { anchor } });
    else if (before) mentions.push({ text: `${before[0]}${whole}`, path, heading: { section: before[1]! } });
    else if (after) mentions.push({ text: `${whole}${after[0]}`, path, heading: { section: after[1]! } });
    else mentions.push({ text: whole, path });
  }
  return mentions;
}

const HINTS_NAMING_DOCS = Object.entries(DIAGNOSTICS)
  .map(([code, { hint }]) => ({ code, hint, mentions: docMentions(hint) }))
  .filter((entry) => entry.mentions.length > 0);

describe('doc pages and README sections named by diagnostic hints (src/errors/catalogue.ts)', () => {
  it('finds every form of mention', () => {
    expect(docMentions('See "Content format" in README.md for the fields.')).toEqual([{ text: '"Content format" in README.md', path: 'README.md', heading: { section: 'Content format' } }]);
    expect(docMentions('the folders listed in README.md "Content format".')).toEqual([{ text: 'README.md "Content format"', path: 'README.md', heading: { section: 'Content format' } }]);
    expect(docMentions('See docs/content.md#front-matter-fields or docs/configuration.md.')).toEqual([
      { text: 'docs/content.md#front-matter-fields', path: 'docs/content.md', heading: { anchor: 'front-matter-fields' } },
      { text: 'docs/configuration.md', path: 'docs/configuration.md' },
    ]);
    expect(docMentions('(docs/hosting.md)')).toEqual([{ text: 'docs/hosting.md', path: 'docs/hosting.md' }]);
  });

  it.each(HINTS_NAMING_DOCS.map((entry) => [entry.code, entry] as const))('%s names docs that exist', (code, { hint, mentions }) => {
    const problems = mentions.flatMap((mention) => {
      const problem = targetProblem(mention.path, mention.heading);
      return problem ? [`src/errors/catalogue.ts ${code}: ${mention.text}: ${problem} (hint: ${hint})`] : [];
    });
    expect(problems).toEqual([]);
  });
});
