import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import type { Nodes, Root } from 'mdast';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import { visit } from 'unist-util-visit';

/** The repository's Markdown documents read as GitHub renders them: headings with their ids, links. */

const ROOT = resolve(import.meta.dirname, '../..');

function remarkGfmSyntax(this: Processor) {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}

const parser = unified().use(remarkParse).use(remarkGfmSyntax);

/** The text GitHub slugs a heading from: its rendered text, without markup. */
function plainText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if ('children' in node) return node.children.map((child) => plainText(child)).join('');
  return '';
}

export interface MarkdownLink {
  url: string;
  line: number;
  /** As written, for the failure message. */
  source: string;
}

export interface ParsedDoc {
  /** Heading ids as GitHub makes them: one slugger per file, so a repeated heading gets -1, -2. */
  anchors: Set<string>;
  headings: string[];
  links: MarkdownLink[];
}

const parsed = new Map<string, ParsedDoc>();

/** A Markdown file of the repository (path relative to the root), parsed once. */
export function parseDoc(path: string): ParsedDoc {
  let doc = parsed.get(path);
  if (doc) return doc;
  const text = readFileSync(join(ROOT, path), 'utf8');
  const tree = parser.parse(text) as Root;
  const slugger = new GithubSlugger();
  doc = { anchors: new Set(), headings: [], links: [] };
  const found = doc;
  visit(tree, (node) => {
    if (node.type === 'heading') {
      const heading = plainText(node);
      found.headings.push(heading);
      found.anchors.add(slugger.slug(heading));
    } else if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const line = node.position?.start.line ?? 0;
      const source = node.position ? text.slice(node.position.start.offset, node.position.end.offset) : node.url;
      found.links.push({ url: node.url, line, source });
    }
  });
  parsed.set(path, doc);
  return doc;
}

