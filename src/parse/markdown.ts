import GithubSlugger from 'github-slugger';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import type { Root as MdastRoot, Nodes as MdastNodes } from 'mdast';
import type { Extension as FromMarkdownExtension, Transform as FromMarkdownTransform } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import { VFile } from 'vfile';
import type { SourcePosition } from '../errors/site-error.js';
import type { ImageFact, ImageFacts } from '../model/images.js';
import { pictureOf } from '../images/picture.js';
import { classifyHref, type LinkContext } from './classify-href.js';
import type { ContentLink, Heading, RenderedMarkdown } from '../model/markdown.js';

/** What the renderer knows of the site's images, to place them with sizes and variants. */
export interface MarkdownImages {
  facts: ImageFacts;
  /** The page shows no image above its body (no cover): its first body image may be in the first screen. */
  firstIsLead: boolean;
}

interface MarkdownData {
  linkContext: LinkContext;
  images: MarkdownImages;
  imagesSeen: number;
  lineOffset: number;
  links: ContentLink[];
  headings: Heading[];
}

/**
 * remark-parse with GitHub Flavored Markdown, as remark-gfm sets it up (micromark-extension-gfm and
 * mdast-util-gfm), except that the autolink-literal transform runs only on trees that have text it
 * could turn into a link. The transform matches four regular expressions against every text node
 * (a tenth of a body's parse time); each of them needs "@", "http://", "https://" or "www.", so a
 * tree whose text outside links has none of those is left exactly as the transform would leave it.
 */
function remarkGfmGuarded(this: Processor) {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown().map(guardAutolinkLiterals));
}

/** The autolink-literal extension (the one that builds literalAutolink nodes) with its transforms guarded; any other as it is. */
function guardAutolinkLiterals(extension: FromMarkdownExtension): FromMarkdownExtension {
  if (!extension.enter || !('literalAutolink' in extension.enter) || !extension.transforms?.length) return extension;
  return { ...extension, transforms: extension.transforms.map((transform): FromMarkdownTransform => (tree) => (hasLinkableText(tree) ? transform(tree) : undefined)) };
}

const LINKABLE = /@|https?:\/\/|www\./i;

/** Text outside links that a GFM autolink literal could start in. */
function hasLinkableText(node: MdastNodes): boolean {
  if (node.type === 'text') return LINKABLE.test(node.value);
  if (node.type === 'link' || node.type === 'linkReference' || !('children' in node)) return false;
  for (const child of node.children) if (hasLinkableText(child)) return true;
  return false;
}

/** Raw HTML in the tree (not "<" in code or text): only then is parse5 needed. */
function hasRawHtml(node: MdastNodes): boolean {
  if (node.type === 'html') return true;
  if (!('children' in node)) return false;
  for (const child of node.children) if (hasRawHtml(child)) return true;
  return false;
}

/**
 * Raw HTML in Markdown is parsed (rehype-raw) and then sanitised with GitHub's schema
 * (rehype-sanitize), so writers can use <kbd> or <details> but never <script>, event handlers,
 * javascript: URLs or <iframe>. Heading ids are added after sanitising so they are not prefixed.
 */
function createProcessor(parseRawHtml: boolean) {
  const toHast = unified().use(remarkParse).use(remarkGfmGuarded).use(remarkRehype, { allowDangerousHtml: parseRawHtml });
  return (parseRawHtml ? toHast.use(rehypeRaw) : toHast)
    .use(rehypeSanitize, { ...defaultSchema })
    .use(rehypeSiteTree)
    .use(rehypeStringify)
    .freeze();
}

// Parsing raw HTML (parse5) is the costliest step after micromark; only a tree with raw HTML takes it.
// Sanitising still runs for every body: it also removes javascript: and other unsafe link targets.
const withRawHtml = createProcessor(true);
const withoutRawHtml = createProcessor(false);

const NO_IMAGES: MarkdownImages = { facts: new Map(), firstIsLead: false };

export function renderMarkdown(body: string, linkContext: LinkContext, lineOffset: number, images: MarkdownImages = NO_IMAGES): RenderedMarkdown {
  const data: MarkdownData = { linkContext, images, imagesSeen: 0, lineOffset, links: [], headings: [] };
  const file = new VFile({ value: body, data: { sitegen: data } });
  // Both processors parse alike: the tree decides which one turns it into HTML.
  const mdast = withoutRawHtml.parse(file) as MdastRoot;
  const processor = hasRawHtml(mdast) ? withRawHtml : withoutRawHtml;
  const hast = processor.runSync(mdast, file);
  return { html: processor.stringify(hast, file), links: data.links, headings: data.headings, excerpt: firstParagraph(body) };
}

/**
 * One walk over the HTML tree, in document order: give headings GitHub's slug ids (as rehype-slug
 * would), localise site links, mark external links, collect links and headings for later checks,
 * demote a stray h1 (the template owns the page's h1), wrap tables for scrolling and give their
 * cells alignment classes, and place images as <picture> with their size and variants. A plain
 * recursive walk: unist-util-visit made a closure per node, and two walks cost twice.
 */
function rehypeSiteTree() {
  return (tree: Root, file: VFile) => {
    const data = (file.data as { sitegen: MarkdownData }).sitegen;
    const slugs = new GithubSlugger();
    const walk = (children: (RootContent | ElementContent)[]) => {
      for (let index = 0; index < children.length; index++) {
        const el = children[index]!;
        if (el.type !== 'element') continue;
        visitElement(el, index, children, data, slugs);
        walk(el.children); // the element's own children, also when it was wrapped in place
      }
    };
    walk(tree.children);
  };
}

const HEADING = /^h[1-6]$/;

function visitElement(el: Element, index: number, siblings: (RootContent | ElementContent)[], data: MarkdownData, slugs: GithubSlugger): void {
  if (HEADING.test(el.tagName)) {
    const text = hastToString(el);
    if (!el.properties.id) el.properties.id = slugs.slug(text);
    if (el.tagName === 'h1') el.tagName = 'h2';
    if (typeof el.properties.id === 'string') {
      const position = { line: (el.position?.start.line ?? 1) + data.lineOffset, column: el.position?.start.column ?? 1 };
      data.headings.push({ id: el.properties.id, text, depth: Number(el.tagName[1]), position });
    }
  }
  // GFM column alignment arrives as align="…", which HTML no longer has: a class says it instead.
  if ((el.tagName === 'td' || el.tagName === 'th') && typeof el.properties.align === 'string') {
    const align = el.properties.align;
    delete el.properties.align;
    if (align === 'left' || align === 'center' || align === 'right') el.properties.className = [`align-${align}`];
  }
  if (el.tagName === 'table') {
    siblings[index] = { type: 'element', tagName: 'div', properties: { className: ['table-wrap'] }, children: [el] };
    return;
  }
  const attribute = el.tagName === 'a' ? 'href' : el.tagName === 'img' ? 'src' : undefined;
  if (!attribute) return;
  const value = el.properties[attribute];
  if (typeof value !== 'string') return;
  const link = classifyHref(value, data.linkContext);
  if (link.type === 'external') {
    if (el.tagName === 'a') {
      el.properties.target = '_blank';
      el.properties.rel = ['noopener', 'noreferrer'];
    } else {
      placeImage(el, index, siblings, value, undefined, data);
    }
    return;
  }
  if (link.type === 'other') return;
  el.properties[attribute] = link.href;
  if (el.tagName === 'img') placeImage(el, index, siblings, link.href, data.images.facts.get(link.path), data);
  data.links.push({
    kind: el.tagName === 'img' ? 'image' : link.isAsset ? 'asset' : 'page',
    path: link.path,
    host: link.host,
    written: value,
    position: { line: (el.position?.start.line ?? 1) + data.lineOffset, column: el.position?.start.column ?? 1 },
  });
}

/** Replaces an <img> with the <picture> of pictureOf (or sets size and loading on a plain one). */
function placeImage(el: Element, index: number, siblings: (RootContent | ElementContent)[], src: string, fact: ImageFact | undefined, data: MarkdownData): void {
  const lead = data.imagesSeen++ === 0 && data.images.firstIsLead;
  const markup = pictureOf(src, fact, lead ? 'lead' : 'lazy');
  const { fetchPriority, ...img } = markup.img;
  // hast writes unknown property names as they are: the attribute is spelled as HTML has it.
  Object.assign(el.properties, img, fetchPriority ? { fetchpriority: fetchPriority } : {});
  if (!markup.sources.length) return;
  siblings[index] = {
    type: 'element', tagName: 'picture', properties: {}, position: el.position,
    children: [...markup.sources.map((s): Element => ({ type: 'element', tagName: 'source', properties: { type: s.type, srcSet: s.srcSet }, children: [] })), el],
  };
}

function firstParagraph(markdown: string): string {
  const paragraph = markdown.split(/\n\s*\n/).map((p) => p.trim()).find((p) => p && !/^(#|[-*+] |\d+\. |```|\||>|!\[)/.test(p));
  if (!paragraph) return '';
  return paragraph.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim();
}
