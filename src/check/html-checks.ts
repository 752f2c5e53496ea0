import { ConfigLoader, HtmlValidate, type Config, type ConfigData, type Message, type ResolvedConfig } from 'html-validate';
import type { CheckCode } from '../errors/catalogue.js';
import { LOCALES, type Locale } from '../model/locale-table.js';
import { displayWidth } from './html/display-width.js';
import { positionAt, type CheckInput, type Finding, type SitePage } from './finding.js';
import { attributeOf, decodeEntities, rawTextOf, scanTags, type HtmlTag } from './html/scan-tags.js';
import { sitePages } from './site-pages.js';
import { sortFindings } from './xml/sort-findings.js';

/** How much of the site html-validate reads (see checkHtml). */
export interface HtmlCheckOptions {
  /** 'sample' (default): one page per template and locale script; 'all': every page. */
  validate?: 'sample' | 'all';
}

/**
 * The HTML of every page (404 pages included):
 * - html-invalid: an html-validate message (the rule configuration of tests/build/sample-site.test.ts,
 *   minus the few rules that a dedicated rule below reports on every page with a clearer message);
 * - html-duplicate-id: an id used twice (at the second);
 * - html-h1: not exactly one `<h1>` (at the second, or at `<body>` when there is none);
 * - html-lang: `<html>` without lang, a lang that is no locale's hreflang or not the page's own
 *   locale (`<body data-locale>`), a dir missing or not the locale's;
 * - html-img-alt, html-img-size: an `<img>` without alt; without width and height (layout shift);
 * - title-missing, description-missing (errors) and title-length, description-length (warnings):
 *   `<title>` and `<meta name="description">` against what search results display, measured in
 *   display width after decoding entities (html/display-width.ts: a letter with its marks is 1, a
 *   CJK character 2): 10–60 for titles, 50–160 for descriptions, in every script. The lengths are
 *   not measured on noindex pages (404 pages, the icon sheet): search results never show them.
 *
 * Cost: the own rules read every page with a small tag scanner (about 0.5 s for the sample site's
 * 1,140 pages). html-validate builds a full DOM and takes about 30 ms a page even with its
 * configuration resolved once (its own loaders resolve it again for every page, ~40 ms): ~34 s for
 * the sample site. So by default it validates one page per (template, locale script) group —
 * `<body data-page>` × the script of `<body data-locale>`, the largest page of each group: 100 pages
 * and ~3.5 s for the sample site — and every page that carries no such markers. Markup that only
 * some pages of a template have (writers' raw HTML in Markdown) is then validated only if it is on
 * the page chosen; the own rules still read every page.
 * `{ validate: 'all' }` validates every page.
 */
export async function checkHtml(input: CheckInput, options: HtmlCheckOptions = {}): Promise<Finding[]> {
  const findings: Finding[] = [];
  const pages: PageMarkers[] = [];
  for (const page of sitePages(input)) {
    const read = readPage(page);
    findings.push(...checkPageMarkup(read));
    pages.push({ page, template: read.template, bodyLocale: read.bodyLocale }); // not the tags: 1,000 pages' tags cost more in GC than scanning
  }
  const validator = sharedValidator();
  for (const { page } of options.validate === 'all' ? pages : validationSample(pages)) findings.push(...(await validatePage(validator, page)));
  return sortFindings(findings);
}

// ---------------------------------------------------------------------------------------------
// html-validate

/**
 * The project's html-validate configuration (tests/build/sample-site.test.ts). The last group of
 * rules is off here only because a rule of this check reports the same thing on every page.
 */
export const HTML_VALIDATE_CONFIG: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // React writes void elements as <meta/> and some attributes camel-cased (charSet, hrefLang);
    // HTML attribute names are case-insensitive and both forms are valid HTML5: style, not validity.
    'void-style': 'off',
    'attr-case': 'off',
    'attribute-boolean-style': 'off',
    // React writes hidden as hidden="": valid HTML (the Nu checker accepts it), a style question.
    'attribute-empty-style': 'off',
    // HTML5 ids may hold any character but space: Thai and Hindi headings get ids in their script.
    'valid-id': ['error', { relaxed: true }],
    // Long URLs and JSON-LD make long lines; not a validity question.
    'long-title': 'off',
    // Inline style carries per-card CSS variables on the home page art.
    'no-inline-style': 'off',
    // Markdown tables have no <thead> scope and are data tables written by writers.
    'wcag/h63': 'off',
    // Writers' Markdown may contain raw <br>, which is allowed.
    'no-redundant-role': 'off',
    // Reported by html-duplicate-id, html-img-alt and title-missing.
    'no-dup-id': 'off',
    'wcag/h37': 'off',
    'empty-title': 'off',
    // As strict as the Nu HTML checker where recommended is not: a heading level is never skipped
    // (h1 then h3), ids that aria-labelledby and the like name exist, and a doctype opens the page.
    // How many <h1> and which heading comes first is html-h1's, with a clearer message.
    'heading-level': ['error', { allowMultipleH1: true, minInitialRank: 'any' }],
    'no-missing-references': 'error',
    'missing-doctype': 'error',
  },
};

/** html-validate messages a rule of this check already reports (rules that cannot be turned off alone). */
function coveredByOwnRule(message: Message): boolean {
  const context = (message.context ?? {}) as Record<string, unknown>;
  if (message.ruleId === 'element-required-content') return context.element === '<head>' && context.missing === '<title>'; // title-missing
  if (message.ruleId === 'element-required-attributes') return context.tagName === '<html>' && context.attr === 'lang'; // html-lang
  if (message.ruleId === 'attribute-allowed-values') return message.selector === 'html' && (context.attribute === 'dir' || context.attribute === 'lang'); // html-lang
  return false;
}

/**
 * A configuration loader that resolves the configuration once. html-validate's own loaders merge
 * and resolve it (rebuilding the element metadata table) for every validated string, a third of
 * the time per page.
 */
class ResolveOnceLoader extends ConfigLoader {
  private resolved: Promise<ResolvedConfig> | undefined;

  constructor(config: ConfigData) {
    super([], config);
  }

  override getConfigFor(_handle: string, configOverride?: ConfigData): Promise<ResolvedConfig> {
    if (configOverride) return Promise.resolve(this.getGlobalConfig()).then(async (config) => (await config.merge([], await this.loadFromObject(configOverride))).resolve());
    this.resolved ??= Promise.resolve(this.getGlobalConfig()).then((config) => config.resolve());
    return this.resolved;
  }

  override flushCache(): void {
    this.resolved = undefined;
  }

  protected override defaultConfig(): Config | Promise<Config> {
    return this.loadFromObject(HTML_VALIDATE_CONFIG);
  }
}

let validator: HtmlValidate | undefined;

/** One validator for every page of every run. */
function sharedValidator(): HtmlValidate {
  validator ??= validatorFor(HTML_VALIDATE_CONFIG);
  return validator;
}

/** A validator for many pages with one configuration, resolved once (see ResolveOnceLoader). */
export function validatorFor(config: ConfigData): HtmlValidate {
  return new HtmlValidate(new ResolveOnceLoader(config));
}

async function validatePage(htmlValidate: HtmlValidate, page: SitePage): Promise<Finding[]> {
  const report = await htmlValidate.validateString(page.html, page.file);
  return report.results
    .flatMap((result) => result.messages)
    .filter((message) => !coveredByOwnRule(message))
    .map((message) => ({ code: 'CHECK_HTML_INVALID', severity: 'error', file: page.file, ...positionAt(page.html, message.offset), message: `${message.message} (html-validate ${message.ruleId})` }));
}

/**
 * The pages html-validate reads by default: per `<body data-page>` and script of `<body data-locale>`
 * (pages of one template in one script share their markup shapes),
 * the largest page (most markup; the first by file on a tie); every page without those markers.
 */
export function validationSample<T extends PageMarkers>(pages: readonly T[]): T[] {
  const chosen = new Map<string, T>();
  for (const page of pages) {
    const locale = page.bodyLocale;
    const key = page.template !== undefined && locale ? `${page.template} ${locale.script}` : `file ${page.page.file}`;
    const current = chosen.get(key);
    if (!current || page.page.html.length > current.page.html.length) chosen.set(key, page);
  }
  return [...chosen.values()];
}

// ---------------------------------------------------------------------------------------------
// Own rules

/** What the sampling needs of a page: its template and locale, from `<body data-page data-locale>`. */
export interface PageMarkers {
  page: SitePage;
  /** `<body data-page>`. */
  template: string | undefined;
  /** The locale of `<body data-locale>`, when it is a locale code. */
  bodyLocale: Locale | undefined;
}

/** A page with its tags scanned. */
export interface ReadPage extends PageMarkers {
  tags: HtmlTag[];
}

export function readPage(page: SitePage): ReadPage {
  const tags = scanTags(page.html);
  const body = tags.find((t) => !t.end && t.name === 'body');
  const code = body ? attributeOf(body, 'data-locale')?.value : undefined;
  return { page, tags, template: body ? attributeOf(body, 'data-page')?.value : undefined, bodyLocale: LOCALES.find((l) => l.code === code) };
}

/**
 * Search-result display limits, [min, max], in display width (one Latin letter is 1): what fits a
 * result's title line (about 600 px) and its two-line snippet, and the least that says what the
 * page is. One range for every script: width, not a character count, is what differs by script.
 */
export const TEXT_LIMITS = { title: [10, 60], description: [50, 160] } as const satisfies Record<string, readonly [number, number]>;

/** Every rule but html-invalid, for one page. */
export function checkPageMarkup(read: ReadPage): Finding[] {
  const { page, tags } = read;
  const findings: Finding[] = [];
  const add = (code: CheckCode, severity: Finding['severity'], offset: number, message: string, target?: string) =>
    findings.push({ code, severity, file: page.file, ...positionAt(page.html, offset), message, ...(target === undefined ? {} : { target }) });
  const bodyIndex = tags.findIndex((t) => !t.end && t.name === 'body');
  const body = tags[bodyIndex];

  // html-duplicate-id
  const ids = new Map<string, HtmlTag>();
  for (const tag of tags) {
    const id = attributeOf(tag, 'id')?.value;
    if (id === undefined || id === '') continue;
    const first = ids.get(id);
    if (!first) ids.set(id, tag);
    else add('CHECK_HTML_DUPLICATE_ID', 'error', tag.offset, `id "${id}" is used twice: <${tag.name}> repeats the id of <${first.name}> at ${where(page, first)}`);
  }

  // html-h1
  const h1s = tags.filter((t) => !t.end && t.name === 'h1');
  if (h1s.length === 0) add('CHECK_HTML_H1', 'error', body?.offset ?? 0, 'the page has no <h1>: give it exactly one, its main heading');
  else if (h1s.length > 1) add('CHECK_HTML_H1', 'error', h1s[1]!.offset, `the page has ${h1s.length} <h1> elements (the first at ${where(page, h1s[0]!)}): give it exactly one`);

  // html-lang
  const html = tags.find((t) => !t.end && t.name === 'html');
  const lang = html ? attributeOf(html, 'lang')?.value : undefined;
  const dir = html ? attributeOf(html, 'dir')?.value : undefined;
  const langLocale = lang === undefined ? undefined : LOCALES.find((l) => l.hreflang === lang);
  const htmlOffset = html?.offset ?? 0;
  if (!html) add('CHECK_HTML_LANG', 'error', 0, 'the page has no <html> start tag, so it has no lang or dir');
  else if (lang === undefined || lang.trim() === '') add('CHECK_HTML_LANG', 'error', htmlOffset, `<html> has no lang${read.bodyLocale ? `: this page is ${read.bodyLocale.code}, lang="${read.bodyLocale.hreflang}"` : ''}`);
  else if (!langLocale) add('CHECK_HTML_LANG', 'error', htmlOffset, `<html lang="${lang}"> is not the tag of any locale (${LOCALES.map((l) => l.hreflang).join(', ')})`);
  else if (read.bodyLocale && read.bodyLocale !== langLocale) add('CHECK_HTML_LANG', 'error', htmlOffset, `<html lang="${lang}"> is the tag of ${langLocale.code}, but the page is ${read.bodyLocale.code} (<body data-locale>), whose tag is "${read.bodyLocale.hreflang}"`);
  const dirLocale = read.bodyLocale ?? langLocale;
  if (html && dirLocale) {
    if (dir === undefined) add('CHECK_HTML_LANG', 'error', htmlOffset, `<html> has no dir: ${dirLocale.code} is dir="${dirLocale.dir}"`);
    else if (dir !== dirLocale.dir) add('CHECK_HTML_LANG', 'error', htmlOffset, `<html dir="${dir}"> does not match ${dirLocale.code}, which is dir="${dirLocale.dir}"`);
  }

  // html-img-alt, html-img-size
  for (const tag of tags) {
    if (tag.end || tag.name !== 'img') continue;
    const src = attributeOf(tag, 'src')?.value ?? '';
    const img = src ? `<img src="${src}">` : '<img>';
    const target = src ? URL.parse(src, page.url)?.href : undefined;
    if (!attributeOf(tag, 'alt')) add('CHECK_HTML_IMG_ALT', 'error', tag.offset, `${img} has no alt: describe the image, or alt="" if it is decorative`, target);
    const missing = ['width', 'height'].filter((name) => !attributeOf(tag, name));
    if (missing.length > 0) add('CHECK_HTML_IMG_SIZE', 'error', tag.offset, `${img} has no ${missing.join(' or ')}: the page shifts when it loads (give both, the image's intrinsic size)`, target);
  }

  // title and description: in the head, before <body>
  const headEnd = bodyIndex === -1 ? tags.length : bodyIndex;
  const head = tags.find((t) => !t.end && t.name === 'head');
  const headMeta = (name: string) => tags.find((t, i) => i < headEnd && !t.end && t.name === 'meta' && attributeOf(t, 'name')?.value.trim().toLowerCase() === name);
  // Search results never show a noindex page, so how long its title and description are is moot.
  const robots = headMeta('robots');
  const shownInSearch = !(robots && /\bnoindex\b/i.test(attributeOf(robots, 'content')?.value ?? ''));
  const titleIndex = tags.findIndex((t, i) => i < headEnd && !t.end && t.name === 'title');
  if (titleIndex === -1) {
    add('CHECK_TITLE_MISSING', 'error', head?.offset ?? htmlOffset, 'the page has no <title>');
  } else {
    const title = displayText(rawTextOf(page.html, tags, titleIndex));
    const offset = tags[titleIndex]!.offset;
    if (title === '') add('CHECK_TITLE_MISSING', 'error', offset, 'the page\'s <title> is empty');
    else if (shownInSearch) checkLength('CHECK_TITLE_LENGTH', '<title>', title, TEXT_LIMITS.title, offset);
  }
  const description = headMeta('description');
  if (!description) {
    add('CHECK_DESCRIPTION_MISSING', 'error', head?.offset ?? htmlOffset, 'the page has no <meta name="description">');
  } else {
    const text = displayText(attributeOf(description, 'content')?.value ?? '');
    if (text === '') add('CHECK_DESCRIPTION_MISSING', 'error', description.offset, '<meta name="description"> has no content');
    else if (shownInSearch) checkLength('CHECK_DESCRIPTION_LENGTH', 'the description', text, TEXT_LIMITS.description, description.offset);
  }

  function checkLength(code: CheckCode, what: string, text: string, [min, max]: readonly [number, number], offset: number) {
    const width = displayWidth(text);
    if (width >= min && width <= max) return;
    const characters = [...text].length;
    // Said only where width and character count differ, so the number can be checked by hand.
    const measure = width === characters ? '' : ` (${characters} characters: a CJK character is 2 wide, a letter with its marks 1)`;
    const verdict = width < min ? `too short to describe the page: search results show ${min}–${max}` : `cut off in search results, which show ${min}–${max}`;
    add(code, 'warning', offset, `${what} is ${width} wide${measure}, ${verdict}: "${text}"`);
  }

  return findings;
}

/** Text as a search result shows it: entities decoded, white space collapsed. */
function displayText(raw: string): string {
  return decodeEntities(raw).replace(/\s+/g, ' ').trim();
}

function where(page: SitePage, tag: HtmlTag): string {
  const { line, column } = positionAt(page.html, tag.offset);
  return `${line}:${column}`;
}
