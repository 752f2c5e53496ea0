import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { ROOT } from '../../helpers/fixture.js';
import { startFakeApi, type Behaviour, type FakeApi, type RecordedRequest } from './fake-api.js';

/**
 * What the global setup started: the served sample site, the fake API whose address the site was
 * built with (its calls are answered by each file's own fake API, see routeApiToThisFile) and the
 * shared Chromium.
 */
export const e2e = inject('e2e');

/** URL of a page on a host: main is localhost:<port>, zh and ru are zh.localhost / ru.localhost. */
export function siteUrl(path: string, host: 'main' | 'zh' | 'ru' = 'main'): string {
  const name = host === 'main' ? 'localhost' : `${host}.localhost`;
  return `http://${name}:${e2e.port}${path}`;
}

const LOCAL_NAME: Record<string, 'main' | 'zh' | 'ru'> = { 'www.polybrowser.example': 'main', 'www.polybrowser-cn.example': 'zh', 'www.polybrowser-ru.example': 'ru' };

/** The local address of a page's real URL (https://www.polybrowser-cn.example/x → zh.localhost:<port>/x). */
export function localUrl(realUrl: string): string {
  const url = new URL(realUrl);
  return siteUrl(`${url.pathname}${url.search}`, LOCAL_NAME[url.hostname] ?? 'main');
}

export async function connectBrowser(): Promise<Browser> {
  return chromium.connect(e2e.browserWs);
}

/** This test file's fake API (see routeApiToThisFile). */
let fileApi: FakeApi | undefined;

/** The running test's tag for the calls of the pages it opens ('t<n>'), or undefined between tests. */
let runningTest: string | undefined;
let testsStarted = 0;
/** The tag of pages opened outside a test (in a beforeAll): their calls count for every test. */
const FILE_TAG = 'file';

/**
 * A test file's connection to the shared Chromium and its own fake API, reset before each test:
 * `const browser = useBrowser();` then `newPage(browser(), MOBILE)`.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    [browser, fileApi] = await Promise.all([connectBrowser(), startFakeApi()]);
  });
  afterAll(async () => {
    await browser?.close();
    await fileApi?.close();
  });
  beforeEach(async () => {
    runningTest = `t${++testsStarted}`;
    await fakeApi.reset();
  });
  afterEach(() => {
    runningTest = undefined;
  });
  return () => browser!;
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, locale: 'en-US' };
export const MOBILE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-US' };

export async function newPage(browser: Browser, options: BrowserContextOptions = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  await routeSiteHosts(context);
  await routeApiToThisFile(context, runningTest ?? FILE_TAG);
  const page = await context.newPage();
  if (process.env.E2E_DEBUG) {
    page.on('console', (m) => console.log(`[console ${m.type()}] ${m.text()}`));
    page.on('pageerror', (e) => console.log(`[pageerror] ${e.message}`));
    page.on('response', (r) => {
      if (r.status() >= 400) console.log(`[http ${r.status()}] ${r.url()}`);
    });
  }
  return { context, page };
}

/**
 * Pages link to their hosts' real addresses (the language switcher, canonical links): those are
 * answered by the local server, as a hosts-file entry would, so following a link stays local.
 */
async function routeSiteHosts(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/www\.polybrowser(-cn|-ru)?\.example\//, async (route) => {
    const url = new URL(route.request().url());
    // Node does not resolve *.localhost, so the local server is reached by address with the Host it expects.
    const headers = { ...route.request().headers(), host: new URL(localUrl(url.href)).host };
    try {
      const response = await route.fetch({ url: `http://127.0.0.1:${e2e.port}${url.pathname}${url.search}`, headers, maxRedirects: 0 });
      await route.fulfill({ response });
    } catch {
      // The page or context closed while a prefetch was in flight: nothing is waiting for it.
    }
  });
}

/**
 * The pages call the fake API of the global setup (its address is built into the site). Each test
 * file answers those calls with a fake API of its own, so that files can run at the same time, in
 * parallel with the rest of the suite, without seeing each other's requests or behaviour switches.
 * A test's own page.route() handler passes such a call on with route.fallback().
 *
 * Each call is tagged with the test that opened the page (the fake API's /__from/<tag>/ prefix), and
 * fakeApi.requests() returns only the running test's: a report a page sends as it closes, or one
 * still in flight when the next test resets the fake API, is never counted for that next test.
 */
async function routeApiToThisFile(context: BrowserContext, tag: string): Promise<void> {
  const shared = new URL(e2e.apiUrl).origin;
  await context.route((url) => url.origin === shared, async (route) => {
    const url = new URL(route.request().url());
    // The page or context may close while a call is in flight: nothing is waiting for it then.
    await route.continue({ url: `${fakeApi.url}/__from/${tag}${url.pathname}${url.search}` }).catch(() => undefined);
  });
}

/** This test file's fake API: its recorded requests and its behaviour switches. */
export const fakeApi = {
  /** Its address: what it answers with (download pages, chat and statistics scripts) is under it. */
  get url(): string {
    if (!fileApi) throw new Error('the fake API starts in useBrowser()\'s beforeAll');
    return fileApi.url;
  },
  async reset(): Promise<void> {
    await fetch(`${fakeApi.url}/__reset`, { method: 'POST' });
  },
  async set(behaviour: Partial<Behaviour>): Promise<void> {
    await fetch(`${fakeApi.url}/__behaviour`, { method: 'POST', body: JSON.stringify(behaviour) });
  },
  /** What the running test's pages (and pages opened outside any test) called, oldest first. */
  async requests(path?: string): Promise<RecordedRequest[]> {
    const all = (await (await fetch(`${fakeApi.url}/__requests`)).json()) as RecordedRequest[];
    const ours = all.filter((r) => r.from === undefined || r.from === FILE_TAG || r.from === runningTest);
    return path ? ours.filter((r) => r.path === path) : ours;
  },
  /**
   * Waits until at least `count` requests to `path` have arrived. The time limit only stops a test
   * that would hang; it is generous because a busy machine is slow, and nothing is asserted about it.
   */
  async waitFor(path: string, count = 1, timeoutMs = 30_000): Promise<RecordedRequest[]> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const found = await fakeApi.requests(path);
      if (found.length >= count) return found;
      if (Date.now() > end) throw new Error(`timed out waiting for ${count} request(s) to ${path}; got ${found.length}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  },
};

/**
 * Gives the page a fake clock that stands still until the test moves it with page.clock.runFor():
 * timers, requestIdleCallback and Date then depend on the test alone, never on how busy the machine
 * is. Network, rendering and React's scheduler still run in real time.
 */
export async function stopClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
}

/**
 * Lets the page run what React has already scheduled: a commit's effects run in a task React's
 * scheduler posts through a MessageChannel (which no fake clock touches), and messages are handled
 * in the order they were posted, so two round trips through a channel of our own come after them.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 2; i++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          resolve();
        };
        channel.port2.postMessage(null);
      });
    }
  });
}

/**
 * Waits until the browser has rendered `count` frames from now (Playwright polls on the browser's
 * own animation frames, which a page's fake clock does not replace): what changed before has been
 * laid out and painted, layout shifts included.
 */
export async function framesRendered(page: Page, count = 2): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __frames: number }).__frames = 0));
  await page.waitForFunction((n) => ++(window as unknown as { __frames: number }).__frames > n, count, { polling: 'raf' });
}

/**
 * page.screenshot(), tried a second time if the first attempt hangs. Chromium's capture
 * (Page.captureScreenshot) once never answered in the CI run of 2026-11-28 at 00c464b, in
 * layout.test.ts (1 630 captures a run), after fonts were loaded, on a page whose frames the test had
 * just waited for; 2 404 captures of the same pages in 20 minutes beside other browser tests did not
 * reproduce it. A second hang fails, naming whether the page answered in between, so a page that
 * really stops rendering is not hidden.
 *
 * `attempt.ms` bounds each attempt (a capture takes well under a second even on a busy machine);
 * `attempt.onTimeout` runs after a first attempt timed out (stalled-page.test.ts).
 */
export async function screenshot(page: Page, options: Parameters<Page['screenshot']>[0] = {}, attempt: { ms?: number; onTimeout?: () => void } = {}): Promise<Buffer> {
  const timeout = attempt.ms ?? 20_000;
  try {
    return await page.screenshot({ ...options, timeout });
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
    attempt.onTimeout?.();
    const state = page.evaluate(() => document.readyState).then((s) => `the page answered (${s})`, (e: Error) => `the page failed to answer: ${e.message}`);
    const answered = await bounded(state, timeout);
    const answers = 'value' in answered ? answered.value : `the page did not answer within ${timeout} ms`;
    try {
      return await page.screenshot({ ...options, timeout });
    } catch (again) {
      // Named as Playwright names a timeout, so that againOnNewPageIfStalled takes it for a stall.
      throw Object.assign(new Error(`two screenshots of ${page.url()} timed out; between them ${answers}`, { cause: again }), { name: 'TimeoutError' });
    }
  }
}

/** A page that can be given up for a new one with the same context options and set-up. */
export interface RenewablePage {
  readonly page: Page;
  /** Closes this page's context and opens a new one as the first was opened. */
  renew(): Promise<void>;
  close(): Promise<void>;
}

export async function renewablePage(browser: Browser, options: BrowserContextOptions, setUp: (opened: { context: BrowserContext; page: Page }) => Promise<void>): Promise<RenewablePage> {
  let opened = await newPage(browser, options);
  await setUp(opened);
  const close = async () => {
    // A context whose page stopped rendering still closes (the browser answers); the bound only keeps a
    // browser that stopped answering altogether from hanging the test past its own failure.
    await Promise.race([opened.context.close(), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  };
  return {
    get page() {
      return opened.page;
    },
    async renew() {
      await close();
      opened = await newPage(browser, options);
      await setUp(opened);
    },
    close,
  };
}

/**
 * Runs `work` on the page, and once more on a new page (renew()) when it stalls: when it has not ended
 * after `ms`, or a Playwright call in it timed out. Two CI runs of 2026-11-28 (at 00c464b and ebc144f)
 * each failed layout.test.ts once, 1 600 captures into the run, on a page that stopped producing
 * frames: once a capture that never answered, once two animation frames that never came while the page
 * answered evaluate() at once. It came back once here in a CI run beside two 4000-article builds (a
 * phone page's animation frames, 30 s; the same case on a new page passed). screenshot()'s failure
 * after two hung captures counts as a stall too. A page that stalls again on a new page fails, naming
 * both stalls, so a page that really stops rendering is not hidden; `onStall` hears of a first stall
 * (the test logs it).
 */
export async function againOnNewPageIfStalled<T>(target: RenewablePage, work: (page: Page) => Promise<T>, options: { ms: number; what: string; onStall?: (reason: string) => void }): Promise<T> {
  const first = await bounded(work(target.page), options.ms);
  if ('value' in first) return first.value;
  options.onStall?.(first.stall);
  await target.renew();
  const second = await bounded(work(target.page), options.ms);
  if ('value' in second) return second.value;
  throw new Error(`${options.what} stalled on two pages: first ${first.stall}; then, on a new page, ${second.stall}`);
}

/** `running`'s value, or why it stalled; any other failure is thrown. */
async function bounded<T>(running: Promise<T>, ms: number): Promise<{ value: T } | { stall: string }> {
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<{ stall: string }>((resolve) => (timer = setTimeout(resolve, ms, { stall: `it had not ended after ${ms} ms` })));
  // Work given up on is left running on a page that renew() closes: its rejection then is expected.
  const outcome = running.then(
    (value) => ({ value }),
    (error: unknown) => {
      if (error instanceof Error && error.name === 'TimeoutError') return { stall: error.message.split('\n')[0]! };
      throw error;
    },
  );
  try {
    return await Promise.race([outcome, overrun]);
  } finally {
    clearTimeout(timer);
    outcome.catch(() => {});
  }
}

/** Screenshots are kept as test artifacts (test-artifacts/, uploaded by CI when it keeps files). */
export function artifactPath(name: string): string {
  const dir = join(ROOT, 'test-artifacts');
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}
