import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerOpen, isLocalHost, type OpenOptions } from '../../../src/serve/error-panel/open-endpoint.js';
import { docsLinksIn } from '../../../src/serve/error-panel/panel-errors.js';
import { editorArguments, editorCommand } from '../../../src/serve/open-in-editor.js';
import { ROOT } from '../../helpers/fixture.js';

const scratch = mkdtempSync(join(tmpdir(), 'sitegen-open-'));
const root = join(scratch, 'project');
const outside = join(scratch, 'secret.txt');
const record = join(scratch, 'opened.txt');
const TOKEN = 'a'.repeat(32);
let server: Server;
let port: number;
let options: OpenOptions;

beforeAll(async () => {
  mkdirSync(join(root, 'content/en/blog'), { recursive: true });
  writeFileSync(join(root, 'content/en/blog/a.md'), '---\ntitle: A\n---\n');
  writeFileSync(outside, 'not the project\n');
  symlinkSync(outside, join(root, 'content/link-out.md'));
  const editor = join(scratch, 'fake-editor');
  writeFileSync(editor, `#!/bin/sh\nprintf '%s\\n' "$@" > ${JSON.stringify(record)}\n`);
  chmodSync(editor, 0o755);
  options = { root, docsDir: join(ROOT, 'docs'), token: TOKEN, editor: [editor], listen: '127.0.0.1' };
  server = createServer((req, res) => void answerOpen(req, res, new URL(req.url!, 'http://localhost'), options));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});
beforeEach(() => rmSync(record, { force: true }));

/** A real HTTP request to the endpoint, with the Host and headers given (a browser elsewhere would send its own). */
function open(query: string, how: { method?: string; host?: string; token?: string | null } = {}): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { host: how.host ?? `localhost:${port}` };
  if (how.token !== null) headers['x-sitegen-token'] = how.token ?? TOKEN;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: `/__sitegen/open?${query}`, method: how.method ?? 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

const opened = () => (existsSync(record) ? readFileSync(record, 'utf8') : undefined);

describe('opening a file from the error panel', () => {
  it('opens a project file at its line and column in the editor', async () => {
    const answer = await open('file=content/en/blog/a.md&line=2&column=8');
    expect(answer).toEqual({ status: 200, text: `Opened content/en/blog/a.md:2:8 in ${options.editor[0]}.\n` });
    // The answer comes when the editor started; what it was given is written as it runs.
    await expect.poll(opened).toBe(`${realpathSync(join(root, 'content/en/blog/a.md'))}:2:8\n`);
  });

  it('opens a page of sitegen\'s docs at the heading its anchor names', async () => {
    expect((await open('doc=content.md&anchor=front-matter-fields')).status).toBe(200);
    await expect.poll(opened).toBeDefined();
    const [, file, line] = /^(.*):(\d+):1\n$/.exec(opened()!)!;
    expect(file).toBe(join(ROOT, 'docs/content.md'));
    expect(readFileSync(file!, 'utf8').split('\n')[Number(line) - 1]).toBe('## Front matter fields');
  });

  it('opens nothing outside the project: no parent path, absolute path, link out of it, folder or other docs path', async () => {
    for (const query of ['file=../secret.txt', `file=${encodeURIComponent(outside)}`, 'file=content/link-out.md', 'file=content', 'file=', 'file=content/%00a.md', 'doc=../README.md', 'doc=content.md/../../x.md', 'doc=missing.md']) {
      const answer = await open(query);
      expect(answer.status, query).toBe(404);
      expect(answer.text, query).toMatch(/^Not a file of this project: /);
    }
    expect(opened()).toBeUndefined();
  });

  it('answers only the panel: a POST with this session\'s token, to a local host name', async () => {
    const query = 'file=content/en/blog/a.md';
    expect((await open(query, { method: 'GET' })).status).toBe(405);
    expect((await open(query, { token: null })).status).toBe(403);
    expect((await open(query, { token: 'b'.repeat(32) })).status).toBe(403);
    // A name of the attacker's that resolves to this machine (DNS rebinding) is not local.
    expect((await open(query, { host: `evil.example:${port}` })).status).toBe(403);
    expect(opened()).toBeUndefined();
    expect((await open(query, { host: `zh.localhost:${port}` })).status).toBe(200);
    await expect.poll(opened).toBeDefined();
  });

  it('says how to name the editor when it cannot be started', async () => {
    const saved = options.editor;
    options.editor = [join(scratch, 'no-such-editor')];
    const answer = await open('file=content/en/blog/a.md');
    options.editor = saved;
    expect(answer.status).toBe(500);
    expect(answer.text).toContain('Set SITEGEN_EDITOR to the command of your editor');
  });
});

describe('the editor command', () => {
  it('is SITEGEN_EDITOR, else a windowed $VISUAL or $EDITOR, else code', () => {
    expect(editorCommand({ SITEGEN_EDITOR: 'subl -n', EDITOR: 'code' })).toEqual(['subl', '-n']);
    expect(editorCommand({ VISUAL: 'vim', EDITOR: '/usr/bin/cursor' })).toEqual(['/usr/bin/cursor']);
    expect(editorCommand({ EDITOR: 'nano' })).toEqual(['code']);
    expect(editorCommand({})).toEqual(['code']);
  });

  it('passes line and column as each editor reads them', () => {
    expect(editorArguments('code', '/p/a.md', 6, 11)).toEqual(['-g', '/p/a.md:6:11']);
    expect(editorArguments('/opt/idea/bin/webstorm', '/p/a.md', 6, 11)).toEqual(['--line', '6', '--column', '11', '/p/a.md']);
    expect(editorArguments('emacsclient', '/p/a.md', 6, 11)).toEqual(['+6:11', '/p/a.md']);
    expect(editorArguments('subl', '/p/a.md', 6, 11)).toEqual(['/p/a.md:6:11']);
  });

  it('counts localhost names and the listen address as local, nothing else', () => {
    expect(['localhost:4000', 'main.localhost:4000', '127.0.0.1:4000', '[::1]:4000', '192.168.1.5:4000'].map((h) => isLocalHost(h, '192.168.1.5'))).toEqual([true, true, true, true, true]);
    expect([undefined, 'evil.example', 'localhost.evil.example:4000', '127.0.0.2:4000'].map((h) => isLocalHost(h, '127.0.0.1'))).toEqual([false, false, false, false]);
  });

  it('finds the docs pages a hint names', () => {
    expect(docsLinksIn('See docs/content.md#front-matter-fields, or docs/hosting.md.')).toEqual([{ page: 'content.md', anchor: 'front-matter-fields' }, { page: 'hosting.md', anchor: '' }]);
  });
});
