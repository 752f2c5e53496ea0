import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIAGNOSTICS } from '../../../src/errors/catalogue.js';
import { startDev, type DevServer } from '../../../src/serve/dev-server.js';
import type { PanelReport } from '../../../src/serve/error-panel/panel-errors.js';
import { baseFiles, blogPost, projectOnDisk, publicFiles } from '../../helpers/fixture.js';

let project: string;
let dev: DevServer;
const log: string[] = [];

beforeAll(async () => {
  project = projectOnDisk({ ...baseFiles(), ...publicFiles(), 'content/en/blog/hello.md': blogPost({ title: 'Hello' }, 'Intro.\n\nThe first version.\n') }, 'sitegen-dev-');
  // Pages asked for during a rebuild wait for it however long it takes on a busy machine (the default gives up after a second).
  dev = await startDev({ root: project, jobs: 1, port: 0, cacheDir: join(project, '.cache'), holdPagesMs: 600_000, log: (line) => log.push(line) });
});
afterAll(async () => {
  await dev?.close();
  rmSync(project, { recursive: true, force: true });
});

/** The server-sent events of the dev server, as they arrive. */
async function events() {
  const response = await fetch(`${dev.url}/__sitegen/events`);
  const reader = response.body!.getReader();
  let buffer = '';
  return {
    async next(): Promise<{ event: string; data: unknown }> {
      for (;;) {
        const block = /event: (\w+)\ndata: (.*)\n\n/.exec(buffer);
        if (block) {
          buffer = buffer.slice(block.index + block[0].length);
          return { event: block[1]!, data: JSON.parse(block[2]!) };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('event stream ended');
        buffer += new TextDecoder().decode(value);
      }
    },
    close: () => reader.cancel(),
  };
}

const page = async (path: string) => (await fetch(`${dev.url}${path}`)).text();

/** The status of a request for the event stream under the Host header given (a page elsewhere sends its own). */
function eventsStatus(host: string): Promise<number> {
  const { port } = new URL(dev.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/__sitegen/events', headers: { host } }, (res) => {
      resolve(res.statusCode!);
      res.destroy();
    });
    req.on('error', reject);
    req.end();
  });
}

describe('sitegen dev', () => {
  it('streams its build errors (paths, code frames) only to pages on a local name, never to a DNS-rebinding page', async () => {
    const { port } = new URL(dev.url);
    expect(await eventsStatus(`evil.example:${port}`)).toBe(403);
    expect(await eventsStatus(`localhost:${port}`)).toBe(200);
    expect(await eventsStatus(`zh.localhost:${port}`)).toBe(200);
  });

  it('serves the site from memory through the edge middleware, with the live-reload script', async () => {
    const html = await page('/blog/hello');
    expect(html).toContain('The first version.');
    expect(html).toContain('/__sitegen/events');
    const redirect = await fetch(`${dev.url}/en/blog/hello`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
  });

  it('answers an unknown path with the 404 page naming that path, as text, with the live-reload script', async () => {
    const response = await fetch(`${dev.url}/vn/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<html lang="vi"');
    expect(html).toMatch(/ data-not-found-path="">[^<]*<code>\/vn\/&lt;img src=x onerror=alert\(1\)&gt;<\/code>/);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('/__sitegen/events');
  });

  it('keeps the preview on this machine: links and redirects to the hosts\' production origins are moved to local ones', async () => {
    const { port } = new URL(dev.url);
    const html = await page('/blog/hello');
    expect(html).not.toMatch(/https?:(?:\/\/|\\\/\\\/)www\.polybrowser(?:-cn|-ru)?\.example(?![a-z0-9.-])/);
    expect(html).toContain(`href="http://localhost:${port}/blog"`);
    expect(html).toContain(`"errorBackUrl":"http://localhost:${port}/blog"`);
    expect(html).toContain('/__sitegen/events');
    const moved = await fetch(`${dev.url}/zh/blog/hello?x=1`, { redirect: 'manual' });
    expect(moved.headers.get('location')).toBe(`http://zh.localhost:${port}/blog/hello?x=1`);
  });

  it('rebuilds an edited article, renders only its page (the lists show its first paragraph, unchanged), and tells open pages to reload', async () => {
    const stream = await events();
    writeFileSync(join(project, 'content/en/blog/hello.md'), blogPost({ title: 'Hello' }, 'Intro.\n\nThe second version.\n'));
    expect((await stream.next()).event).toBe('reload');
    expect(await page('/blog/hello')).toContain('The second version.');
    expect(log.at(-1)).toMatch(/^built in \d+ ms \(1 of \d+ pages rendered\)$/);
    await stream.close();
  });

  it('shows a failed build at its file, line and column, keeps serving the last good build, and recovers', async () => {
    const stream = await events();
    writeFileSync(join(project, 'content/en/blog/hello.md'), blogPost({ title: 'Hello', category: 'recipes' }, 'The broken version.\n'));
    const failed = await stream.next();
    expect(failed.event).toBe('errors');
    const [error] = (failed.data as PanelReport).errors;
    expect(error).toMatchObject({ file: 'content/en/blog/hello.md', line: 6, column: 11, code: 'UNKNOWN_CATEGORY', title: 'Unknown category', hint: DIAGNOSTICS.UNKNOWN_CATEGORY.hint });
    expect(error!.message).toMatch(/^unknown category "recipes"/);
    expect(error!.frame).toContain('category: recipes');
    // The terminal shows the error where it is, and what to do about it.
    expect(log.at(-1)).toMatch(/^build failed, still serving the last good build:\n/);
    expect(log.at(-1)).toContain('content/en/blog/hello.md:6:11');
    expect(log.at(-1)).toContain('unknown category "recipes"');
    expect(log.at(-1)).toContain(`hint: ${DIAGNOSTICS.UNKNOWN_CATEGORY.hint}`);
    expect(await page('/blog/hello')).toContain('The second version.');
    writeFileSync(join(project, 'content/en/blog/hello.md'), blogPost({ title: 'Hello' }, 'The fixed version.\n'));
    expect((await stream.next()).event).toBe('reload');
    expect(await page('/blog/hello')).toContain('The fixed version.');
    expect(log.at(-1)).toMatch(/^fixed: built in/);
    await stream.close();
  });

  it('makes the bundles again when a template changes', async () => {
    const stream = await events();
    const footer = join(project, 'templates/parts/footer.tsx');
    writeFileSync(footer, readFileSync(footer, 'utf8').replace('<footer', '<footer data-dev-test="yes"'));
    expect((await stream.next()).event).toBe('reload');
    expect(await page('/blog/hello')).toContain('data-dev-test="yes"');
    await stream.close();
  });

  it('answers a page asked for right after a save with the saved page, not the one before it', async () => {
    const stream = await events();
    writeFileSync(join(project, 'content/en/blog/hello.md'), blogPost({ title: 'Hello' }, 'Intro.\n\nThe version asked for at once.\n'));
    // No wait for the reload event: the request goes out as soon as the file is written.
    expect(await page('/blog/hello')).toContain('The version asked for at once.');
    expect((await stream.next()).event).toBe('reload');
    await stream.close();
  });
});

describe('sitegen dev saving content', () => {
  it('builds a content save at once, without the wait for code saves, even one made by renaming the old file away first', async () => {
    const saved = projectOnDisk({ ...baseFiles(), ...publicFiles(), 'content/en/blog/hello.md': blogPost({ title: 'Hello' }, 'Intro.\n\nThe first version.\n') }, 'sitegen-dev-save-');
    // A code save would wait ten minutes for its burst to end: a content save must not wait for that.
    const server = await startDev({ root: saved, jobs: 1, port: 0, cacheDir: join(saved, '.cache'), debounceMs: 600_000, log: () => undefined });
    try {
      const response = await fetch(`${server.url}/__sitegen/events`);
      const reader = response.body!.getReader();
      let stream = '';
      const file = join(saved, 'content/en/blog/hello.md');
      // A "safe write" as JetBrains editors make it: the old file renamed away, the new one written, the old one removed.
      renameSync(file, `${file}___jb_old___`);
      writeFileSync(file, blogPost({ title: 'Hello' }, 'Intro.\n\nThe version saved safely.\n'));
      rmSync(`${file}___jb_old___`);
      while (!/event: (reload|errors)/.test(stream)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('event stream ended');
        stream += new TextDecoder().decode(value);
      }
      expect(stream).toMatch(/event: reload/);
      expect(await (await fetch(`${server.url}/blog/hello`)).text()).toContain('The version saved safely.');
      await reader.cancel();
    } finally {
      await server.close();
      rmSync(saved, { recursive: true, force: true });
    }
  });
});

describe('sitegen dev whose first build fails', () => {
  it('says there is no good build to serve, and every page answers 500 with the errors panel', async () => {
    const broken = projectOnDisk({ ...baseFiles(), ...publicFiles(), 'content/en/blog/hello.md': blogPost({ title: 'Hello', category: 'recipes' }, 'Intro.\n') }, 'sitegen-dev-broken-');
    const lines: string[] = [];
    const server = await startDev({ root: broken, jobs: 1, port: 0, cacheDir: join(broken, '.cache'), log: (line) => lines.push(line) });
    try {
      const failed = lines.find((line) => line.startsWith('build failed'));
      expect(failed).toMatch(/^build failed: there is no good build to serve yet, so every page shows these errors:\n/);
      expect(failed).toContain('content/en/blog/hello.md:6:11');
      const response = await fetch(`${server.url}/blog/hello`);
      expect(response.status).toBe(500);
      expect(await response.text()).toContain('<h1>Build failed</h1>');
    } finally {
      await server.close();
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
