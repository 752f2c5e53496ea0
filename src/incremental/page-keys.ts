import { createHash } from 'node:crypto';
import type { LocaleCode } from '../model/locale-table.js';
import type { Page } from '../model/page.js';
import type { SiteIndex } from '../route/site-index.js';
import type { Tables } from '../model/data-tables.js';
import type { Entry, ValidSite } from '../model/site.js';
import { intern } from '../format/intern.js';
import type { Assets } from '../model/page-props.js';
import type { PageRecorder } from '../render/render-site.js';

/**
 * What a page's HTML depends on, so an incremental build renders again only the pages whose inputs
 * changed and takes the others from the previous output. Rendering is a pure function of its props,
 * so equal inputs give equal HTML. The inputs of a page are:
 * - the site-wide ones: configuration, the locale's messages and the English fallback, the locale's
 *   FAQ, image facts, asset URLs, the build id and the templates' code (`siteInputs`);
 * - the data tables its render read (`trackingTables`);
 * - the page itself, with the entries it embeds (list items) reduced to what a card shows, and its
 *   own entry's rendered Markdown in full;
 * - every other page it looked up while rendering (breadcrumb parents, list cards, navigation
 *   routes), recorded as dependencies with the value it saw. A dependency whose value is still the
 *   same would be seen the same way again, so the page's key is equal exactly when a new render
 *   would read the same data.
 */
export interface KeyInputs {
  /** Site-wide inputs per locale (siteInputs). */
  site: (locale: LocaleCode) => string;
  /** Summaries and dependency values, shared with the reuse decision so each is computed once. */
  memo: KeyMemo;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What key computations of one build share: page summaries, and dependency values (pages of a
 * locale look up the same navigation routes: each is resolved once).
 */
export interface KeyMemo {
  summaries: Map<Page, string>;
  deps: Map<string, string>;
  /** The data tables, whose values `table|name` dependencies look up. */
  tables: Tables;
}

export const newKeyMemo = (tables: Tables): KeyMemo => ({ summaries: new Map(), deps: new Map(), tables });

/** Digests of the site-wide inputs, per locale (messages and FAQ differ by locale). */
export function siteInputs(site: ValidSite, assets: Assets, buildId: string, templatesHash: string, year: string | undefined): (locale: LocaleCode) => string {
  // The data tables are not here: a page depends on the tables its render read (trackingTables).
  const common = sha(JSON.stringify({
    config: site.config, images: [...site.images], assets, buildId, templatesHash, year,
    english: [...(site.messages.get('en') ?? [])],
  }));
  const perLocale = new Map<LocaleCode, string>();
  return (locale) => {
    let digest = perLocale.get(locale);
    if (!digest) perLocale.set(locale, (digest = sha(`${common}\0${JSON.stringify([...(site.messages.get(locale) ?? [])])}\0${JSON.stringify(site.faq.get(locale) ?? [])}`)));
    return digest;
  };
}

/**
 * An entry as another page sees it (a card, a breadcrumb): a digest of its front matter and excerpt,
 * not its body. One per entry, however many lists show it: an entry is never changed in place (a
 * body edit makes a new one), so the digest is kept with the object.
 */
function entrySummary(entry: Entry): string {
  let digest = entryDigests.get(entry);
  if (digest === undefined) {
    const { file, locale, section, id, slug, meta, excerpt } = entry;
    entryDigests.set(entry, (digest = sha(JSON.stringify({ file, locale, section, id, slug, meta, excerpt }))));
  }
  return digest;
}

const entryDigests = new WeakMap<Entry, string>();

/**
 * The page as other pages see it: everything but the bodies of the entries it holds. Built by hand
 * rather than with a JSON replacer (a replacer call per value is the slow path). What pages share
 * (their cluster's alternates, switch targets, crumbs: one object for many pages, link-pages.ts) is
 * serialised once per object, not once per page: those were four fifths of each page's JSON, and
 * summaries took 0.7 s of a CI build at 1000 articles.
 */
export function pageSummary(page: Page): string {
  const { entry, list, alternates, switcher, breadcrumbs, ...rest } = page;
  const own = JSON.stringify({
    ...rest,
    entry: entry && entrySummary(entry),
    list: list && { ...list, items: list.items.map(entrySummary) },
  });
  // JSON never holds a raw NUL: the parts cannot run into each other.
  return sha(`${own}\0${sharedJson(alternates)}\0${switcher.map(sharedJson).join(',')}\0${breadcrumbs.map(sharedJson).join(',')}`);
}

/** The JSON of an object pages share, made once: such objects never change once routed (link-pages.ts). */
function sharedJson(value: object): string {
  let json = sharedJsons.get(value);
  if (json === undefined) sharedJsons.set(value, (json = JSON.stringify(value)));
  return json;
}

const sharedJsons = new WeakMap<object, string>();

function summaryOf(page: Page, memo: KeyMemo): string {
  let summary = memo.summaries.get(page);
  if (summary === undefined) memo.summaries.set(page, (summary = pageSummary(page)));
  return summary;
}

/**
 * Every page as other pages see it, in the route table's order: what files made from the pages'
 * records alone (the sitemaps) depend on. Summaries the page keys computed are not made again.
 */
export function pagesDigest(pages: readonly Page[], memo: KeyMemo): string {
  const hash = createHash('sha256');
  let batch = '';
  for (const page of pages) {
    batch += `${summaryOf(page, memo)},`;
    // A few large updates, not one per page, and never one string of every summary at 84 000 pages.
    if (batch.length >= 1 << 16) {
      hash.update(batch);
      batch = '';
    }
  }
  return hash.update(batch).digest('hex');
}

/**
 * The site index as templates and page-meta use it, recording each lookup. Dependencies are
 * recorded by what was asked (not what was found), so a page that found nothing depends on that too.
 */
export function trackingIndex(index: SiteIndex, deps: Set<string>): SiteIndex {
  // Pages record the same lookups (navigation, parents) again and again: interned, one string each.
  const add = (dep: string) => deps.add(intern(dep));
  return {
    get pages(): readonly Page[] {
      add('all|');
      return index.pages;
    },
    byKey(key, locale) { add(`key|${key}\t${locale}`); return index.byKey(key, locale); },
    byPath(host, path) { add(`path|${host}\t${path}`); return index.byPath(host, path); },
    cluster(key) { add(`cluster|${key}`); return index.cluster(key); },
    resolveRoute(route, locale) { add(`route|${route}\t${locale}`); return index.resolveRoute(route, locale); },
  };
}

/**
 * The data tables as templates get them, recording which table each render reads, so an edited
 * pricing table renders the pricing pages and not the blog. A template that lists the tables
 * themselves depends on all of them.
 */
export function trackingTables(tables: Tables, deps: Set<string>): Tables {
  return new Proxy(tables, {
    get(target, name, receiver) {
      if (typeof name === 'string') deps.add(`table|${name}`);
      return Reflect.get(target, name, receiver);
    },
    ownKeys(target) {
      deps.add('table|*');
      return Reflect.ownKeys(target);
    },
  });
}

/** The current value of one recorded dependency. */
function depValue(dep: string, index: SiteIndex, memo: KeyMemo): string {
  let value = memo.deps.get(dep);
  if (value === undefined) memo.deps.set(dep, (value = lookUp(dep, index, memo)));
  return value;
}

function lookUp(dep: string, index: SiteIndex, memo: KeyMemo): string {
  const bar = dep.indexOf('|');
  const kind = dep.slice(0, bar);
  const [a = '', b = ''] = dep.slice(bar + 1).split('\t');
  const of = (page: Page | undefined) => (page ? summaryOf(page, memo) : '-');
  switch (kind) {
    case 'key': return of(index.byKey(a, b as LocaleCode));
    case 'path': return of(index.byPath(a as Page['host'], b));
    case 'cluster': return index.cluster(a).map((p) => of(p)).join(',');
    case 'route': return index.resolveRoute(a, b as LocaleCode) ?? '-';
    case 'all': return sha(index.pages.map((p) => of(p)).join(','));
    case 'table': return sha(JSON.stringify(a === '*' ? memo.tables : (memo.tables as unknown as Record<string, unknown>)[a] ?? null));
    default: return `unknown ${dep}`;
  }
}

/**
 * A page's key from its inputs and the dependencies its render recorded (sorted): the page itself,
 * its own entry's rendered Markdown (hashed as it is, not serialised), and each dependency's value.
 * Few large updates: a hash update per dependency was most of the key's cost.
 */
export function pageKey(page: Page, site: string, deps: readonly string[], index: SiteIndex, memo: KeyMemo): string {
  const hash = createHash('sha256').update(`${site}\0${summaryOf(page, memo)}\0`);
  const entry = page.entry;
  // The rendered Markdown by its digest where the cache gave one: hashing every entry's HTML and
  // links again was a third of a CI build's key time.
  if (entry?.digest) hash.update(entry.digest);
  else if (entry) {
    const { html, headings } = entry.body.read();
    hash.update(html).update(`\0${JSON.stringify(headings)}\0${JSON.stringify(entry.links)}`);
  }
  let values = '';
  for (const dep of deps) values += `\0${dep}=${depValue(dep, index, memo)}`;
  return hash.update(values).digest('hex');
}

/**
 * The recorder a render is given: each page sees the index and tables through trackers, and its
 * key is computed from what they recorded, with values looked up in the untracked `index`.
 */
export function pageRecorder(inputs: KeyInputs, index: SiteIndex): PageRecorder {
  return {
    watch(page) {
      const deps = new Set<string>();
      return {
        index: trackingIndex(index, deps),
        tables: trackingTables(inputs.memo.tables, deps),
        record: () => {
          const sorted = [...deps].sort();
          return { key: pageKey(page, inputs.site(page.locale), sorted, index, inputs.memo), deps: sorted };
        },
      };
    },
  };
}
