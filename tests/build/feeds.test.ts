import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { parse } from 'yaml';
import type { BuildResult } from '../../src/build.js';
import { childrenOf, parseXml, type XmlElement } from '../../src/check/xml/xml-scan.js';
import { prepareEdge, routeRequest } from '../../src/edge/route-request.js';
import { edgeConfigSchema } from '../../src/model/edge-config.js';
import { ROOT } from '../helpers/fixture.js';
import { sampleSite } from '../helpers/sample-site.js';

/**
 * Every feed of the sample site, read as a feed reader would: well-formed XML (libxml2), the
 * required elements of RSS 2.0 and Atom, RFC 822 and RFC 3339 dates, absolute links, unique ids,
 * and the JSON Feed 1.1 shape. What each feed must hold is written from the spec and the content
 * files directly (the front matter of each article), not from sitegen's own routing.
 */
let result: BuildResult;
const text = (path: string) => new TextDecoder().decode(result.output.get(path)!);

beforeAll(async () => {
  result = await sampleSite();
});

const HOSTS = { main: 'www.polybrowser.example', zh: 'www.polybrowser-cn.example', ru: 'www.polybrowser-ru.example' };
const LANG: Record<string, string> = { en: 'en', zh: 'zh-CN', ru: 'ru', vn: 'vi', es: 'es', pt: 'pt', tr: 'tr', th: 'th', fr: 'fr', uk: 'uk', ko: 'ko', hi: 'hi', jp: 'ja', tc: 'zh-TW' };
const ALL = Object.keys(LANG);
const hostOf = (l: string) => (l === 'zh' ? HOSTS.zh : l === 'ru' ? HOSTS.ru : HOSTS.main);
const prefixOf = (l: string) => (['en', 'zh', 'ru'].includes(l) ? '' : `/${l}`);
const origin = (l: string) => `https://${hostOf(l)}`;
/** Spec: Russian visitors get the separate Russian blog, so ru has release notes only. */
const sectionsOf = (l: string) => (l === 'ru' ? ['release'] : ['blog', 'news', 'release']);
const FORMATS = ['rss', 'atom', 'json'] as const;

interface Article { url: string; title: string; date: string; updated?: string; description: string }

/** The articles of a section in a locale, from their Markdown files, newest first. */
function articles(l: string, section: string): Article[] {
  const dir = join(ROOT, 'content', l, section);
  return readdirSync(dir).filter((f) => f.endsWith('.md')).map((file) => {
    const meta = parse(readFileSync(join(dir, file), 'utf8').split(/^---$/m)[1]!) as Record<string, string>;
    return { url: `${origin(l)}${prefixOf(l)}/${section}/${meta.slug ?? file.replace(/\.md$/, '')}`, title: meta.title!, date: String(meta.date), updated: meta.updated, description: meta.description! };
  }).sort((a, b) => b.date.localeCompare(a.date));
}

const feedFile = (l: string, section: string, format: string) => `${hostOf(l)}${prefixOf(l)}/${section}/feed.${format}`;
const feedUrl = (l: string, section: string, format: string) => `${origin(l)}${prefixOf(l)}/${section}/feed.${format}`;
const FEEDS = ALL.flatMap((l) => sectionsOf(l).map((section) => ({ l, section })));

const RFC822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** The day (YYYY-MM-DD, UTC) a feed date stands for. */
const dayOf = (date: string) => new Date(date).toISOString().slice(0, 10);
const isAbsolute = (url: string) => /^https?:\/\/[^/]/.test(url) && URL.canParse(url);

const one = (parent: XmlElement, ns: string, local: string): XmlElement => {
  const found = childrenOf(parent, ns, local);
  expect(found, `<${local}> in <${parent.name}>`).toHaveLength(1);
  return found[0]!;
};
const attr = (el: XmlElement, name: string) => el.attributes.find((a) => a.name === name)?.value;
const ATOM = 'http://www.w3.org/2005/Atom';

/** Every URL in HTML (href, src, each candidate of srcset), entities decoded. */
function urlsIn(html: string): string[] {
  const decode = (v: string) => v.replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16))).replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  return [...html.matchAll(/\s(href|src|srcset)="([^"]*)"/g)].flatMap(([, name, value]) => (name === 'srcset' ? decode(value!).split(/,\s+/).map((c) => c.trim().split(/\s+/)[0]!) : [decode(value!)]));
}

/** The output file a URL of one of the site's hosts is served from, if any. */
function servedFile(url: string): string | undefined {
  const { hostname, pathname } = new URL(url);
  if (!Object.values(HOSTS).includes(hostname)) return undefined;
  const path = decodeURIComponent(pathname);
  return [`${hostname}${path}`, `${hostname}${path}.html`, `${hostname}${path === '/' ? '' : path}/index.html`].find((f) => result.output.has(f));
}

describe('feeds of the sample site', () => {
  it('are RSS, Atom and JSON Feed of blog, news and release notes of every locale that has them, and no other', () => {
    const expected = FEEDS.flatMap(({ l, section }) => FORMATS.map((f) => feedFile(l, section, f))).sort();
    // The hosts' folders (the Vercel output has its own copy of each).
    const actual = [...result.output.keys()].filter((p) => /\/feed\.(rss|atom|json)$/.test(p) && Object.values(HOSTS).includes(p.split('/')[0]!)).sort();
    expect(actual).toEqual(expected);
    // Figures: the feed count per host (each in three formats).
    const perHost = Object.fromEntries(Object.values(HOSTS).map((h) => [h, actual.filter((p) => p.startsWith(`${h}/`)).length / 3]));
    expect(perHost).toEqual({ [HOSTS.main]: 36, [HOSTS.zh]: 3, [HOSTS.ru]: 1 });
  });

  it('are well-formed XML to libxml2', async () => {
    const xml = FEEDS.flatMap(({ l, section }) => (['rss', 'atom'] as const).map((f) => ({ fileName: `${l}-${section}-${f}.xml`, contents: text(feedFile(l, section, f)) })));
    const checked = await validateXML({ xml, normalization: 'c14n' });
    expect(checked.errors.map((e) => e.rawMessage)).toEqual([]);
    expect(checked.valid).toBe(true);
  });

  it.each(FEEDS.map((f) => [`${f.l} ${f.section}`, f] as const))('%s: RSS 2.0 with its required elements, RFC 822 dates, absolute links and unique guids', (_, { l, section }) => {
    const doc = parseXml(text(feedFile(l, section, 'rss')));
    expect(doc.wellFormed).toBe(true);
    const rss = doc.root!;
    expect([rss.name, attr(rss, 'version')]).toEqual(['rss', '2.0']);
    const channel = one(rss, '', 'channel');
    expect(one(channel, '', 'title').text.trim()).not.toBe('');
    expect(one(channel, '', 'link').text).toBe(`${origin(l)}${prefixOf(l)}/${section}`);
    expect(one(channel, '', 'description').text.trim()).not.toBe('');
    expect(one(channel, '', 'language').text).toBe(LANG[l]);
    const self = childrenOf(channel, ATOM, 'link').find((link) => attr(link, 'rel') === 'self');
    expect(attr(self!, 'href')).toBe(feedUrl(l, section, 'rss'));
    const expected = articles(l, section);
    const items = childrenOf(channel, '', 'item');
    expect(items.map((item) => one(item, '', 'link').text)).toEqual(expected.map((a) => a.url));
    expect(items.map((item) => one(item, '', 'title').text)).toEqual(expected.map((a) => a.title));
    const lastBuild = one(channel, '', 'lastBuildDate').text;
    expect(lastBuild).toMatch(RFC822);
    // The newest date of the content, never the build's clock.
    expect(dayOf(lastBuild)).toBe(expected.map((a) => a.updated ?? a.date).sort().at(-1));
    const guids = items.map((item) => one(item, '', 'guid'));
    expect(new Set(guids.map((g) => g.text)).size).toBe(items.length);
    items.forEach((item, i) => {
      expect(guids[i]!.text).toSatisfy(isAbsolute);
      const pubDate = one(item, '', 'pubDate').text;
      expect(pubDate).toMatch(RFC822);
      expect(dayOf(pubDate)).toBe(expected[i]!.date);
      expect(one(item, '', 'description').text).toBe(expected[i]!.description);
      const content = one(item, 'http://purl.org/rss/1.0/modules/content/', 'encoded').text;
      expect(content.length).toBeGreaterThan(expected[i]!.description.length);
      for (const url of urlsIn(content)) expect(url, `a URL in ${expected[i]!.url}`).toSatisfy((u: string) => isAbsolute(u) || u.startsWith('mailto:'));
    });
  });

  it.each(FEEDS.map((f) => [`${f.l} ${f.section}`, f] as const))('%s: Atom with its required elements, RFC 3339 dates, absolute links and unique ids', (_, { l, section }) => {
    const doc = parseXml(text(feedFile(l, section, 'atom')));
    expect(doc.wellFormed).toBe(true);
    const feed = doc.root!;
    expect([feed.local, feed.ns]).toEqual(['feed', ATOM]);
    expect(attr(feed, 'xml:lang')).toBe(LANG[l]);
    expect(one(feed, ATOM, 'id').text).toSatisfy(isAbsolute);
    expect(one(feed, ATOM, 'title').text.trim()).not.toBe('');
    const updated = one(feed, ATOM, 'updated').text;
    expect(updated).toMatch(RFC3339);
    const links = childrenOf(feed, ATOM, 'link');
    expect(links.filter((link) => attr(link, 'rel') === 'self').map((link) => attr(link, 'href'))).toEqual([feedUrl(l, section, 'atom')]);
    expect(links.filter((link) => attr(link, 'rel') === 'alternate').map((link) => attr(link, 'href'))).toEqual([`${origin(l)}${prefixOf(l)}/${section}`]);
    // RFC 4287 §4.1.1: an author on the feed, or on every entry.
    const entries = childrenOf(feed, ATOM, 'entry');
    const feedAuthor = childrenOf(feed, ATOM, 'author').length > 0;
    for (const entry of entries) expect(feedAuthor || childrenOf(entry, ATOM, 'author').length > 0).toBe(true);
    const expected = articles(l, section);
    expect(entries.map((e) => one(e, ATOM, 'id').text)).toEqual(expected.map((a) => a.url));
    expect(new Set(entries.map((e) => one(e, ATOM, 'id').text)).size).toBe(entries.length);
    expect(dayOf(updated)).toBe(expected.map((a) => a.updated ?? a.date).sort().at(-1));
    entries.forEach((entry, i) => {
      expect(one(entry, ATOM, 'title').text).toBe(expected[i]!.title);
      expect(childrenOf(entry, ATOM, 'link').filter((link) => attr(link, 'rel') === 'alternate').map((link) => attr(link, 'href'))).toEqual([expected[i]!.url]);
      for (const name of ['updated', 'published']) expect(one(entry, ATOM, name).text).toMatch(RFC3339);
      expect(dayOf(one(entry, ATOM, 'published').text)).toBe(expected[i]!.date);
      const content = one(entry, ATOM, 'content');
      expect(attr(content, 'type')).toBe('html');
      for (const url of urlsIn(content.text)) expect(url).toSatisfy((u: string) => isAbsolute(u) || u.startsWith('mailto:'));
    });
  });

  it.each(FEEDS.map((f) => [`${f.l} ${f.section}`, f] as const))('%s: JSON Feed 1.1', (_, { l, section }) => {
    const feed = JSON.parse(text(feedFile(l, section, 'json'))) as Record<string, unknown>;
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.title).toEqual(expect.any(String));
    expect(feed.home_page_url).toBe(`${origin(l)}${prefixOf(l)}/${section}`);
    expect(feed.feed_url).toBe(feedUrl(l, section, 'json'));
    expect(feed.language).toBe(LANG[l]);
    expect(feed.authors).toEqual([{ name: expect.any(String) }]);
    const items = feed.items as Record<string, unknown>[];
    const expected = articles(l, section);
    expect(items.map((item) => item.url)).toEqual(expected.map((a) => a.url));
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    items.forEach((item, i) => {
      expect(item.id).toEqual(expect.any(String));
      expect(item.title).toBe(expected[i]!.title);
      expect(item.content_html).toEqual(expect.any(String));
      expect(item.date_published).toMatch(RFC3339);
      expect(dayOf(item.date_published as string)).toBe(expected[i]!.date);
      expect(item.date_modified).toMatch(RFC3339);
      for (const author of item.authors as { name: unknown }[]) expect(author.name).toEqual(expect.any(String));
      if (item.image !== undefined) expect(servedFile(item.image as string), item.image as string).toBeDefined();
      for (const url of urlsIn(item.content_html as string)) expect(url).toSatisfy((u: string) => isAbsolute(u) || u.startsWith('mailto:'));
    });
  });

  it('links only to pages and files the site serves', () => {
    const broken = FEEDS.flatMap(({ l, section }) => {
      const items = (JSON.parse(text(feedFile(l, section, 'json'))) as { items: { url: string; content_html: string }[] }).items;
      return items.flatMap((item) => [item.url, ...urlsIn(item.content_html)].filter((url) => isAbsolute(url) && Object.values(HOSTS).includes(new URL(url).hostname) && !servedFile(url)).map((url) => `${item.url} → ${url}`));
    });
    expect(broken).toEqual([]);
  });

  it('are linked from the head of every list and article page of their section, titled in the page\'s language, and from no other page', () => {
    const messages = Object.fromEntries(ALL.map((l) => [l, parse(readFileSync(join(ROOT, 'content/messages', `${l}.yaml`), 'utf8')) as { page: Record<string, string> }]));
    let linked = 0;
    for (const page of result.pages) {
      const html = text(page.outputPath);
      const alternates = [...html.matchAll(/<link rel="alternate" type="([^"]+)" title="([^"]+)" href="([^"]+)"\/>/g)].map(([, type, title, href]) => ({ type, title, href }));
      const section = /^(blog|news|release)(-[a-z-]+)?(\/|$)/.exec(page.key)?.[1];
      const inSection = section !== undefined && sectionsOf(page.locale).includes(section);
      if (!inSection) {
        expect(alternates, page.outputPath).toEqual([]);
        continue;
      }
      linked++;
      expect(alternates.map((a) => [a.type, a.href]), page.outputPath).toEqual([
        ['application/rss+xml', feedUrl(page.locale, section, 'rss')],
        ['application/atom+xml', feedUrl(page.locale, section, 'atom')],
        ['application/feed+json', feedUrl(page.locale, section, 'json')],
      ]);
      for (const a of alternates) expect(a.title, page.outputPath).toContain(messages[page.locale]!.page[section]!.replace(/&/g, '&amp;'));
    }
    expect(linked).toBeGreaterThan(FEEDS.length);
  });

  it('are named in robots.txt as sitemaps (the Atom feed of each), beside the sitemap index', () => {
    for (const host of Object.values(HOSTS)) {
      const named = text(`${host}/robots.txt`).split('\n').filter((line) => line.startsWith('Sitemap: ')).map((line) => line.slice('Sitemap: '.length));
      const atom = FEEDS.filter(({ l }) => hostOf(l) === host).map(({ l, section }) => feedUrl(l, section, 'atom'));
      expect(named).toEqual([`https://${host}/index-sitemap.xml`, ...atom]);
      for (const url of named) expect(servedFile(url), url).toBeDefined();
    }
  });

  it('pass the edge middleware untouched on their host; on the ru host, blog and news paths still go to the Russian blog', () => {
    const edge = prepareEdge(edgeConfigSchema.parse(JSON.parse(text('edge-config.json'))));
    const hostKey = (l: string) => (l === 'zh' ? 'zh' : l === 'ru' ? 'ru' : 'main');
    for (const { l, section } of FEEDS) {
      for (const f of FORMATS) {
        const path = `${prefixOf(l)}/${section}/feed.${f}`;
        expect(routeRequest(edge, { host: hostOf(l), hostKey: hostKey(l), pathname: path, search: '' }), path).toEqual({ action: 'pass' });
      }
    }
    expect(routeRequest(edge, { host: HOSTS.ru, pathname: '/blog/feed.rss', search: '' })).toMatchObject({ action: 'redirect', location: 'https://blog.polybrowser-ru.example/' });
  });
});
