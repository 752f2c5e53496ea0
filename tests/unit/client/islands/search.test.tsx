// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SiteSearch, { TYPING_PAUSE_MS, type SiteSearchProps } from '../../../../client/islands/search.js';
import { PAGEFIND_SCRIPT, usePagefindLoader, type Pagefind } from '../../../../client/search/pagefind.js';
import { SEARCH_SHARDS } from '../../../../src/model/browser-contract.js';
import { enableAct, mount, type Mounted } from './dom-helpers.js';

enableAct();

const TEXT: SiteSearchProps['text'] = {
  label: 'Search the site', placeholder: 'Search', submit: 'Search', loading: 'Searching…',
  results: { one: '{n} result for “{query}”', other: '{n} results for “{query}”' },
  none: 'Nothing found for “{query}”.', failed: 'Search is unavailable right now.', empty: 'Type what you are looking for.',
  all: 'See all results', more: 'Show more results',
};

interface FakePage { url: unknown; title: string; text: string }

/**
 * Pagefind's browser API over a few pages: a page matches a term its text contains; an answer
 * comes after `delays[term]` ms of the test's clock when given (at once otherwise), so answers can
 * be made to arrive out of order. `shardList` is what the host's SEARCH_SHARDS says; a merged
 * index's pages (`shardPages` by its path) are searched from its merge on.
 */
function fakePagefind(pages: FakePage[], { delays = {}, shardList = {}, shardPages = {} }: { delays?: Record<string, number>; shardList?: unknown; shardPages?: Record<string, FakePage[]> } = {}) {
  const asked: string[] = [];
  const loads: string[] = [];
  const fetched: string[] = [];
  const merged: string[] = [];
  const module: Pagefind = {
    options: async () => undefined,
    init: async () => undefined,
    mergeIndex: async (path) => void merged.push(path),
    async search(term) {
      asked.push(term);
      if (delays[term]) await new Promise((resolve) => setTimeout(resolve, delays[term]));
      const hits = [...pages, ...merged.flatMap((path) => shardPages[path] ?? [])].filter((p) => p.text.includes(term));
      return { results: hits.map((p) => ({ id: String(p.url), data: async () => ({ url: p.url, meta: { title: p.title }, excerpt: p.text.replace(term, `<mark>${term}</mark>`) }) })) };
    },
  };
  usePagefindLoader(async (url) => {
    loads.push(url);
    return module;
  }, async (url) => {
    fetched.push(url);
    return shardList;
  });
  return { asked, loads, fetched, merged };
}

const PAGES: FakePage[] = Array.from({ length: 12 }, (_, i) => ({ url: `/blog/proxy-${i}`, title: `Proxy guide ${i}`, text: `How to set up a proxy, part ${i}.` }));

describe('search island', () => {
  let mounted: Mounted | undefined;
  const el = <T extends Element>(selector: string) => mounted!.container.querySelector<T>(selector);
  const box = () => el<HTMLInputElement>('input[type="search"]')!;
  const status = () => el<HTMLElement>('[role="status"]')!.textContent;
  const titles = () => [...mounted!.container.querySelectorAll('.site-search-title')].map((t) => t.textContent);
  const panelShown = () => !el<HTMLElement>('.site-search-panel')!.hidden;
  /** Moves the test's clock and lets every promise it settles run, inside act. */
  const wait = (ms: number) => act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  const type = async (value: string) => {
    act(() => {
      box().focus();
      box().value = value;
      box().dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
  const key = (target: Element, name: string) => act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
  });
  const render = (props: Partial<SiteSearchProps> = {}) => {
    mounted = mount(<SiteSearch mode="header" action="/search" lang="en" sprite="/assets/icons.svg" text={TEXT} {...props} />);
  };

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    mounted?.unmount();
    mounted = undefined;
    usePagefindLoader();
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
    document.body.innerHTML = '';
  });

  it('is a labelled GET form to the locale\'s search page', () => {
    fakePagefind(PAGES);
    render({ action: '/vn/search' });
    const form = el<HTMLFormElement>('form')!;
    expect(form.getAttribute('role')).toBe('search');
    expect(form.getAttribute('action')).toBe('/vn/search');
    expect(form.getAttribute('method')).toBe('get');
    expect(box().name).toBe('q');
    expect(el(`label[for="${box().id}"]`)!.textContent).toBe('Search the site');
    expect(el('button[type="submit"]')!.textContent).toBe('Search');
  });

  it('loads Pagefind from the host\'s /pagefind/ only when the box is first used, and once', async () => {
    const fake = fakePagefind(PAGES);
    render();
    await wait(1000);
    expect(fake.loads).toEqual([]);
    act(() => box().focus());
    await wait(0);
    expect(fake.loads).toEqual([PAGEFIND_SCRIPT]);
    expect(fake.fetched).toEqual([SEARCH_SHARDS]);
    expect(PAGEFIND_SCRIPT).toBe('/pagefind/pagefind.js');
    expect(SEARCH_SHARDS).toBe('/pagefind/sitegen-shards.json');
    await type('proxy');
    await wait(TYPING_PAUSE_MS);
    expect(fake.loads).toHaveLength(1);
    expect(fake.fetched).toHaveLength(1);
  });

  it('searches the shards of the page\'s language too (the host\'s list of them), and no folder but a shard\'s', async () => {
    document.documentElement.lang = 'en';
    const fake = fakePagefind(PAGES.slice(0, 2), {
      shardList: { en: ['en-1/', 'en-2/', '../../evil/', '//evil.example/x/', 'https://evil.example/', 7], 'zh-CN': ['zh-1/'] },
      shardPages: { '/pagefind/en-1/': PAGES.slice(2, 4), '/pagefind/en-2/': PAGES.slice(4, 5), '/pagefind/zh-1/': PAGES.slice(5) },
    });
    render();
    await type('proxy');
    await wait(TYPING_PAUSE_MS);
    expect(fake.merged).toEqual(['/pagefind/en-1/', '/pagefind/en-2/']);
    expect(status()).toBe('5 results for “proxy”');
    expect(titles()).toEqual(['Proxy guide 0', 'Proxy guide 1', 'Proxy guide 2', 'Proxy guide 3', 'Proxy guide 4']);
  });

  it('searches after a pause in typing, shows the count and the first results, and links to every result', async () => {
    const fake = fakePagefind(PAGES);
    render();
    await type('pro');
    await type('proxy');
    await wait(TYPING_PAUSE_MS - 1);
    expect(fake.asked).toEqual([]);
    await wait(1);
    expect(fake.asked).toEqual(['proxy']);
    expect(status()).toBe('12 results for “proxy”');
    expect(titles()).toEqual(['Proxy guide 0', 'Proxy guide 1', 'Proxy guide 2', 'Proxy guide 3', 'Proxy guide 4']);
    expect(el('.site-search-result mark')!.textContent).toBe('proxy');
    expect(el<HTMLAnchorElement>('.site-search-result')!.getAttribute('href')).toBe('/blog/proxy-0');
    expect(el<HTMLAnchorElement>('.site-search-all')!.getAttribute('href')).toBe('/search?q=proxy');
    expect(panelShown()).toBe(true);
  });

  it('shows the answer to the latest query only, whatever order the answers arrive in', async () => {
    fakePagefind([...PAGES, { url: '/cookies', title: 'Cookies', text: 'Import cookies.' }], { delays: { proxy: 500, cookies: 10 } });
    render();
    await type('proxy');
    await wait(TYPING_PAUSE_MS);
    await type('cookies');
    await wait(TYPING_PAUSE_MS + 10);
    expect(titles()).toEqual(['Cookies']);
    await wait(1000);
    expect(titles()).toEqual(['Cookies']);
    expect(status()).toBe('1 result for “cookies”');
  });

  it('says so when nothing matches, and when Pagefind cannot be loaded (and tries again at the next search)', async () => {
    fakePagefind(PAGES);
    render();
    await type('zebra');
    await wait(TYPING_PAUSE_MS);
    expect(status()).toBe('Nothing found for “zebra”.');
    let calls = 0;
    usePagefindLoader(async () => {
      calls++;
      throw new TypeError('Failed to fetch dynamically imported module');
    }, async () => ({}));
    await type('proxy');
    await wait(TYPING_PAUSE_MS);
    expect(status()).toBe('Search is unavailable right now.');
    await type('proxy guide');
    await wait(TYPING_PAUSE_MS);
    expect(calls).toBe(2);
  });

  it('never links off the host or renders the index\'s text as markup', async () => {
    fakePagefind([
      { url: '//evil.example/proxy', title: 'Elsewhere', text: 'proxy' },
      { url: 'javascript:alert(1)', title: 'Script', text: 'proxy' },
      { url: '/ok', title: '<img src=x onerror=alert(1)>', text: 'a proxy <script>alert(1)</script>' },
    ]);
    render();
    await type('proxy');
    await wait(TYPING_PAUSE_MS);
    expect([...mounted!.container.querySelectorAll('a.site-search-result')].map((a) => a.getAttribute('href'))).toEqual(['/ok']);
    expect(mounted!.container.querySelector('img, script')).toBeNull();
    expect(titles()).toEqual(['<img src=x onerror=alert(1)>']);
  });

  it('moves between the box and the results with the arrow keys, and closes the list with Escape', async () => {
    fakePagefind(PAGES);
    render();
    await type('proxy');
    await wait(TYPING_PAUSE_MS);
    const links = [...mounted!.container.querySelectorAll<HTMLAnchorElement>('a.site-search-result')];
    key(box(), 'ArrowDown');
    expect(document.activeElement).toBe(links[0]);
    key(links[0]!, 'ArrowDown');
    expect(document.activeElement).toBe(links[1]);
    key(links[1]!, 'ArrowUp');
    key(links[0]!, 'ArrowUp');
    expect(document.activeElement).toBe(box());
    key(box(), 'Escape');
    expect(panelShown()).toBe(false);
    expect(document.activeElement).toBe(box());
    // Focus leaving for something else on the page closes the list too.
    key(box(), 'ArrowDown');
    expect(panelShown()).toBe(true);
    const outside = document.createElement('button');
    document.body.append(outside);
    act(() => outside.focus());
    expect(panelShown()).toBe(false);
  });

  it('opens the box from the magnifier instead of going to the search page without a query', () => {
    fakePagefind(PAGES);
    render();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    act(() => {
      el('form')!.dispatchEvent(submit);
    });
    expect(submit.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(box());
    act(() => {
      box().value = 'proxy';
    });
    const withQuery = new Event('submit', { bubbles: true, cancelable: true });
    act(() => {
      el('form')!.dispatchEvent(withQuery);
    });
    expect(withQuery.defaultPrevented).toBe(false);
  });

  it('on the search page, searches the query of its address, keeps the address in step, and shows more on demand', async () => {
    window.history.replaceState(null, '', '/search?q=proxy');
    fakePagefind(PAGES);
    render({ mode: 'page' });
    await wait(0);
    expect(box().value).toBe('proxy');
    expect(status()).toBe('12 results for “proxy”');
    expect(titles()).toHaveLength(10);
    act(() => el<HTMLButtonElement>('.site-search-more')!.click());
    await wait(0);
    expect(titles()).toHaveLength(12);
    expect(el('.site-search-more')).toBeNull();
    await type('guide');
    await wait(TYPING_PAUSE_MS);
    expect(window.location.search).toBe('?q=guide');
    expect(status()).toBe('Nothing found for “guide”.');
  });
});
