import type { Element, Parent, Root } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import type { SourcePosition } from '../errors/site-error.js';
import type { ImageFact, ImageFacts } from '../images/image-facts.js';
import { pictureOf } from '../images/picture.js';
import { classifyHref, type LinkContext } from './classify-href.js';

/** A link or image reference found in a Markdown body, for the link check after routing. */
export interface ContentLink {
  /** image: the src of an <img>; asset: a link to a file; page: a link to a page. */
  kind: 'page' | 'asset' | 'image';
  /** Host-relative path the link points to (no query or fragment). */
  path: string;
  host: LinkContext['locale']['host'];
  /** The href as the writer wrote it. */
  written: string;
  position: SourcePosition;
}

export interface Heading {
  id: string;
  text: string;
  depth: number;
}

export interface RenderedMarkdown {
  html: string;
  links: ContentLink[];
  headings: Heading[];
  /** Plain text of the first paragraph, for descriptions that fall back to the body. */
  excerpt: string;
}

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
 * Raw HTML in Markdown is parsed (rehype-raw) and then sanitised with GitHub's schema
 * (rehype-sanitize), so writers can use <kbd> or <details> but never <script>, event handlers,
 * javascript: URLs or <iframe>. Heading ids are added after sanitising so they are not prefixed.
 */
function createProcessor(parseRawHtml: boolean) {
  const toHast = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: parseRawHtml });
  return (parseRawHtml ? toHast.use(rehypeRaw) : toHast)
    .use(rehypeSanitize, { ...defaultSchema })
    .use(rehypeSlug)
    .use(rehypeSiteLinks)
    .use(rehypeStringify)
    .freeze();
}

const withRawHtml = createProcessor(true);
// Parsing raw HTML (parse5) is the costliest step; a body without "<" has no raw HTML to parse.
// Sanitising still runs for every body: it also removes javascript: and other unsafe link targets.
const withoutRawHtml = createProcessor(false);

const NO_IMAGES: MarkdownImages = { facts: new Map(), firstIsLead: false };

export function renderMarkdown(body: string, linkContext: LinkContext, lineOffset: number, images: MarkdownImages = NO_IMAGES): RenderedMarkdown {
  const data: MarkdownData = { linkContext, images, imagesSeen: 0, lineOffset, links: [], headings: [] };
  const processor = body.includes('<') ? withRawHtml : withoutRawHtml;
  const file = processor.processSync({ value: body, data: { sitegen: data } });
  return { html: String(file.value), links: data.links, headings: data.headings, excerpt: firstParagraph(body) };
}

/**
 * One pass over the HTML tree: localise site links, mark external links, collect links and headings
 * for later checks, demote a stray h1 (the template owns the page's h1), wrap tables for scrolling
 * and give their cells alignment classes,
 * and place images as <picture> with their size and variants.
 */
function rehypeSiteLinks() {
  return (tree: Root, file: VFile) => {
    const data = (file.data as { sitegen: MarkdownData }).sitegen;
    const position = (el: Element): SourcePosition => ({
      line: (el.position?.start.line ?? 1) + data.lineOffset,
      column: el.position?.start.column ?? 1,
    });
    visit(tree, 'element', (el, index, parent) => {
      if (el.tagName === 'h1') el.tagName = 'h2';
      if (/^h[2-3]$/.test(el.tagName) && typeof el.properties.id === 'string') {
        data.headings.push({ id: el.properties.id, text: hastToString(el), depth: Number(el.tagName[1]) });
      }
      // GFM column alignment arrives as align="…", which HTML no longer has: a class says it instead.
      if ((el.tagName === 'td' || el.tagName === 'th') && typeof el.properties.align === 'string') {
        const align = el.properties.align;
        delete el.properties.align;
        if (align === 'left' || align === 'center' || align === 'right') el.properties.className = [`align-${align}`];
      }
      if (el.tagName === 'table' && parent && index !== undefined) {
        parent.children[index] = { type: 'element', tagName: 'div', properties: { className: ['table-wrap'] }, children: [el] };
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
          placeImage(el, index, parent, value, undefined, data);
        }
        return;
      }
      if (link.type === 'other') return;
      el.properties[attribute] = link.href;
      if (el.tagName === 'img') placeImage(el, index, parent, link.href, data.images.facts.get(link.path), data);
      data.links.push({
        kind: el.tagName === 'img' ? 'image' : link.isAsset ? 'asset' : 'page',
        path: link.path,
        host: link.host,
        written: value,
        position: position(el),
      });
    });
  };
}

/** Replaces an <img> with the <picture> of pictureOf (or sets size and loading on a plain one). */
function placeImage(el: Element, index: number | undefined, parent: Parent | undefined, src: string, fact: ImageFact | undefined, data: MarkdownData): void {
  const lead = data.imagesSeen++ === 0 && data.images.firstIsLead;
  const markup = pictureOf(src, fact, lead ? 'lead' : 'lazy');
  const { fetchPriority, ...img } = markup.img;
  // hast writes unknown property names as they are: the attribute is spelled as HTML has it.
  Object.assign(el.properties, img, fetchPriority ? { fetchpriority: fetchPriority } : {});
  if (!markup.sources.length || !parent || index === undefined) return;
  parent.children[index] = {
    type: 'element', tagName: 'picture', properties: {}, position: el.position,
    children: [...markup.sources.map((s): Element => ({ type: 'element', tagName: 'source', properties: { type: s.type, srcSet: s.srcSet }, children: [] })), el],
  };
}

function firstParagraph(markdown: string): string {
  const paragraph = markdown.split(/\n\s*\n/).map((p) => p.trim()).find((p) => p && !/^(#|[-*+] |\d+\. |```|\||>|!\[)/.test(p));
  if (!paragraph) return '';
  return paragraph.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim();
}
