import { chmodSync, existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIAGNOSTICS } from '../../../src/errors/catalogue.js';
import { startDev, type DevServer } from '../../../src/serve/dev-server.js';
import { panelError, type PanelReport } from '../../../src/serve/error-panel/panel-errors.js';
import { panelScriptTag } from '../../../src/serve/error-panel/panel-script.js';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/support/find-chromium.js';
import { baseFiles, blogPost, projectOnDisk, publicFiles, ROOT } from '../../helpers/fixture.js';

/**
 * The dev error panel in Chromium, against `sitegen dev` on a temporary copy of a small site: a
 * failed build shows the panel, Escape or Close dismiss it, the next failed build brings it back,
 * and the fix reloads the page without it. The panel's links open files through a stand-in editor
 * (a script that records its arguments).
 */
let project: string;
let dev: DevServer;
let browser: Browser;
let page: Page;
const log: string[] = [];
const article = () => join(project, 'content/en/blog/hello.md');
const opened = () => join(project, 'opened.txt');

/** What a writer would type by mistake, and what a hostile file could hold: shown as text, never run. */
const INJECTION = '<img src=x onerror=window.__injected=1>';

beforeAll(async () => {
  project = projectOnDisk({ ...baseFiles(), ...publicFiles(), 'content/en/blog/hello.md': blogPost({ title: 'Hello' }, 'The first version.\n') }, 'sitegen-dev-panel-');
  const editor = join(project, 'fake-editor');
  writeFileSync(editor, `#!/bin/sh\nprintf '%s\\n' "$@" > ${JSON.stringify(opened())}\n`);
  chmodSync(editor, 0o755);
  dev = await startDev({ root: project, jobs: 1, port: 0, cacheDir: join(project, '.cache'), log: (line) => log.push(line), editor: [editor] });
  browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  page = await (await browser.newContext({ viewport: { width: 1024, height: 700 } })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await dev?.close();
  rmSync(project, { recursive: true, force: true });
});

const panel = () => page.locator('sitegen-error-panel');

describe('the sitegen dev error panel', () => {
  it('shows a failed build as an opaque, isolated panel: a heading with the count, then each error\'s place, code, message, frame and hint', async () => {
    await page.goto(`${dev.url}/blog/hello`);
    await expect.poll(() => page.locator('article, main').first().textContent()).toContain('The first version.');
    // Page styles that would hide or recolour the panel's elements if they reached them.
    await page.addStyleTag({ content: 'h1, p, pre, a, button, li { display: none !important; color: rgb(0, 255, 0) !important; } * { background: transparent !important; }' });

    writeFileSync(article(), blogPost({ title: 'Hello', category: INJECTION }, 'The broken version.\n'));
    await expect.poll(() => panel().count()).toBe(1);
    const heading = panel().getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toBe('Build failed: 1 error');
    expect(await heading.isVisible()).toBe(true);
    expect(await heading.evaluate((h) => getComputedStyle(h).color)).not.toBe('rgb(0, 255, 0)');

    const location = panel().getByRole('link', { name: 'content/en/blog/hello.md:6:11' });
    expect(await location.isVisible()).toBe(true);
    const text = (await panel().locator('li').textContent())!;
    expect(text).toContain('UNKNOWN_CATEGORY');
    expect(text).toContain('Unknown category');
    expect(text).toContain(`unknown category "${INJECTION}" (blog categories: tutorials, industry)`);
    expect(text).toContain("Docs: docs/errors.md#unknown_category");
    expect(text).toContain(`Hint: ${DIAGNOSTICS.UNKNOWN_CATEGORY.hint}`);
    expect(await panel().locator('pre').textContent()).toMatch(/> +6 \| category: <img/);

    // The message is text: no element was made from it and nothing ran.
    expect(await panel().locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();

    // Opaque, over the whole window: the page does not show through anywhere.
    const cover = await page.evaluate(() => {
      const host = document.querySelector('sitegen-error-panel')!;
      const points = [[5, 5], [512, 350], [1000, 690]] as const;
      const backdrop = host.shadowRoot!.querySelector('.backdrop')!;
      return { covered: points.every(([x, y]) => document.elementFromPoint(x, y) === host), background: getComputedStyle(backdrop).backgroundColor, opacity: getComputedStyle(backdrop).opacity };
    });
    expect(cover).toEqual({ covered: true, background: 'rgb(22, 24, 33)', opacity: '1' });

    // Focus is in the panel: on the dialog, then Tab goes round its links and button.
    expect(await page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe('sitegen-error-panel');
    expect(await page.evaluate(() => document.querySelector('sitegen-error-panel')!.shadowRoot!.activeElement?.getAttribute('role'))).toBe('alertdialog');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('sitegen-error-panel')!.shadowRoot!.activeElement?.textContent)).toBe('CloseEsc');
  });

  it('opens the file at its line and column in the editor when its location is clicked', async () => {
    rmSync(opened(), { force: true });
    await panel().getByRole('link', { name: 'content/en/blog/hello.md:6:11' }).click();
    await expect.poll(() => existsSync(opened()) && readFileSync(opened(), 'utf8')).toBe(`${realpathSync(article())}:6:11\n`);
    await expect.poll(() => panel().getByRole('status').textContent()).toMatch(/^Opened content\/en\/blog\/hello\.md:6:11 in .*fake-editor\.$/);
  });

  it('is dismissed with Escape, comes back with the next failed build, and is dismissed with Close', async () => {
    await page.keyboard.press('Escape');
    await expect.poll(() => panel().count()).toBe(0);
    // Two mistakes at once this time.
    writeFileSync(article(), blogPost({ title: 'Hello', category: 'recipes', tags: ['nonsense'] }, 'Broken again.\n'));
    await expect.poll(() => panel().count()).toBe(1);
    await expect.poll(() => panel().getByRole('heading', { level: 1 }).textContent()).toBe('Build failed: 2 errors');
    expect(await panel().getByRole('link', { name: /^content\/en\/blog\/hello\.md:\d+:\d+$/ }).count()).toBe(2);
    await panel().getByRole('button', { name: 'Close the error panel' }).click();
    await expect.poll(() => panel().count()).toBe(0);
  });

  it('links the docs section a hint names, and opens it at its heading', async () => {
    writeFileSync(article(), blogPost({ title: 'Hello', date: 'yesterday' }, 'Broken by a date.\n'));
    await expect.poll(() => panel().count()).toBe(1);
    const docs = panel().getByRole('link', { name: 'docs/content.md#front-matter-fields' }).first();
    await expect.poll(() => docs.count()).toBe(1);
    expect(await panel().locator('.hint').first().textContent()).toBe(`Hint: ${DIAGNOSTICS.FIELD_INVALID.hint}`);
    rmSync(opened(), { force: true });
    await docs.click();
    await expect.poll(() => existsSync(opened()) && readFileSync(opened(), 'utf8')).toMatch(/\/docs\/content\.md:\d+:1\n$/);
    const [, file, line] = /^(.*):(\d+):1\n$/.exec(readFileSync(opened(), 'utf8'))!;
    expect(file).toBe(realpathSync(join(ROOT, 'docs/content.md')));
    expect(readFileSync(file!, 'utf8').split('\n')[Number(line) - 1]).toBe('## Front matter fields');
  });

  it('goes away when the build is fixed: the page reloads with the new content', async () => {
    writeFileSync(article(), blogPost({ title: 'Hello', category: 'recipes' }, 'Broken once more.\n'));
    await expect.poll(() => panel().locator('li').allTextContents()).toEqual([expect.stringContaining('category "recipes"')]);
    const reloaded = page.waitForEvent('load');
    writeFileSync(article(), blogPost({ title: 'Hello' }, 'The fixed version.\n'));
    await reloaded;
    await expect.poll(() => page.locator('article, main').first().textContent()).toContain('The fixed version.');
    expect(await panel().count()).toBe(0);
    expect(log.at(-1), log.join('\n')).toMatch(/^fixed: built in/);
  });
});

describe('the error panel\'s script, fed one report', () => {
  /** The panel's real script on a bare page, with an event stream that sends this report once. */
  async function pageWith(report: PanelReport) {
    const script = await panelScriptTag({ events: '/events', open: '/open', token: 't' });
    const server = createServer((req, res) => {
      if (req.url === '/events') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(`retry: 60000\nevent: errors\ndata: ${JSON.stringify(report)}\n\n`);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!DOCTYPE html><html lang="en"><body><p>The page.</p>${script}</body></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const tab = await browser.newPage();
    await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await expect.poll(() => tab.locator('sitegen-error-panel li').count()).toBe(report.errors.length);
    return { tab, close: async () => { await tab.close(); await new Promise((resolve) => server.close(resolve)); } };
  }

  it('sets every field as text, whatever it holds, and links a diagnostic\'s own docs section after its hint', async () => {
    const hostile = '<img src=x onerror=window.__injected=1><script>window.__injected=2</script>';
    const error = panelError({ code: 'UNKNOWN_TAG', severity: 'error', message: `message ${hostile}`, file: `content/${hostile}.md`, position: { line: 3, column: 7 }, frame: `> 3 | tags: [${hostile}]`, hint: `Use a known tag, not ${hostile}.`, docs: 'docs/errors.md#unknown_tag' });
    expect(error.docs).toEqual([{ page: 'errors.md', anchor: 'unknown_tag' }]);
    const { tab, close } = await pageWith({ build: 1, errors: [error] });
    const item = tab.locator('sitegen-error-panel li');
    const text = (await item.textContent())!;
    for (const shown of [`content/${hostile}.md:3:7`, `message ${hostile}`, `> 3 | tags: [${hostile}]`, `Hint: Use a known tag, not ${hostile}.`, 'Docs: docs/errors.md#unknown_tag']) expect(text).toContain(shown);
    expect(await tab.locator('sitegen-error-panel img, sitegen-error-panel script:not([data-sitegen-dev])').count()).toBe(0);
    expect(await tab.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
    expect(await item.getByRole('link', { name: 'docs/errors.md#unknown_tag' }).getAttribute('href')).toBe('/open?doc=errors.md&anchor=unknown_tag');
    await close();
  });
});
