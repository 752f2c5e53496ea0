/**
 * A small tag scanner for the HTML checks: the start and end tags of a page in document order, each
 * with the offset of its `<` and its attributes (names lower-cased, as HTML reads them, so React's
 * charSet and hrefLang count; values with entities decoded). It is not a parser: it does not build a
 * tree or apply HTML's implied tags. It reads the well-formed markup React writes and skips what is
 * not markup: comments, doctype, and the contents of script, style and template (inert), and of
 * title and textarea (text only), whose end tags it still reports.
 */
export interface HtmlAttribute {
  /** Lower-cased name. */
  name: string;
  /** Decoded value; '' for an attribute written without a value. */
  value: string;
  /** Offset of the attribute name. */
  offset: number;
}

export interface HtmlTag {
  /** Lower-cased tag name. */
  name: string;
  /** true for `</name>`. */
  end: boolean;
  /** Offset of the `<`. */
  offset: number;
  /** Offset just after the `>`. */
  close: number;
  /** Attributes as written (a repeated name too: HTML keeps the first, see attributeOf). */
  attributes: readonly HtmlAttribute[];
}

/** The attribute of a tag by lower-cased name, as HTML reads it (the first of repeats). */
export function attributeOf(tag: HtmlTag, name: string): HtmlAttribute | undefined {
  for (const attribute of tag.attributes) if (attribute.name === name) return attribute;
  return undefined;
}

/** Elements whose content is not scanned for tags: skipped to their end tag. */
const RAW_CONTENT = new Map(['script', 'style', 'template', 'title', 'textarea'].map((name) => [name, new RegExp(`</${name}[\\s/>]`, 'gi')]));
const TAG_NAME = /[a-zA-Z][^\s/>]*/y;
/** One attribute after optional white space; quoted values may hold `>`. */
const ATTRIBUTE = /[\s/]*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;
const NO_ATTRIBUTES: readonly HtmlAttribute[] = [];

export function scanTags(html: string): HtmlTag[] {
  const tags: HtmlTag[] = [];
  let pos = 0;
  while (pos < html.length) {
    const lt = html.indexOf('<', pos);
    if (lt === -1) break;
    const next = html[lt + 1];
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      pos = end === -1 ? html.length : end + 3;
      continue;
    }
    if (next === '!' || next === '?') {
      const end = html.indexOf('>', lt);
      pos = end === -1 ? html.length : end + 1;
      continue;
    }
    const end = next === '/';
    TAG_NAME.lastIndex = lt + (end ? 2 : 1);
    const rawName = TAG_NAME.exec(html)?.[0];
    if (!rawName) {
      pos = lt + 1; // a "<" in text
      continue;
    }
    const name = rawName.toLowerCase();
    let at = TAG_NAME.lastIndex;
    let attributes = NO_ATTRIBUTES;
    if (!end) {
      const read: HtmlAttribute[] = [];
      for (;;) {
        ATTRIBUTE.lastIndex = at;
        const match = ATTRIBUTE.exec(html);
        if (!match) break;
        read.push({ name: match[1]!.toLowerCase(), value: decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''), offset: match.index + match[0].indexOf(match[1]!) });
        at = ATTRIBUTE.lastIndex;
      }
      attributes = read;
    }
    const gt = html.indexOf('>', at);
    if (gt === -1) break; // a tag cut off at the end of the file
    const close = gt + 1;
    tags.push({ name, end, offset: lt, close, attributes });
    pos = close;
    const raw = end ? undefined : RAW_CONTENT.get(name);
    if (raw && html[gt - 1] !== '/') {
      raw.lastIndex = close;
      pos = raw.exec(html)?.index ?? html.length;
    }
  }
  return tags;
}

/** The text between a start tag and the next end tag of the same name (`<title>`), undecoded. */
export function rawTextOf(html: string, tags: readonly HtmlTag[], index: number): string {
  const start = tags[index];
  if (!start) return '';
  for (let i = index + 1; i < tags.length; i++) {
    const tag = tags[i]!;
    if (tag.end && tag.name === start.name) return html.slice(start.close, tag.offset);
  }
  return html.slice(start.close);
}

/**
 * Character references as search engines and browsers read them: numeric ones and the named ones
 * writers and renderers use (React itself writes only &amp; &lt; &gt; &quot; &#x27;). An unknown
 * name is left as written.
 */
const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', shy: '\u00ad', copy: '©', reg: '®', trade: '™',
  ndash: '–', mdash: '—', hellip: '…', laquo: '«', raquo: '»', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”',
  bdquo: '„', middot: '·', bull: '•', times: '×', euro: '€', thinsp: '\u2009', ensp: '\u2002', emsp: '\u2003',
};
const ENTITY = /&(?:#[xX]([0-9a-fA-F]+)|#(\d+)|([a-zA-Z][a-zA-Z0-9]*));/g;

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, hex: string | undefined, dec: string | undefined, named: string | undefined) => {
    if (named !== undefined) return NAMED[named] ?? whole;
    const code = hex !== undefined ? Number.parseInt(hex, 16) : Number(dec);
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
  });
}
