import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIO } from '../../../src/cli/main.js';
import { baseFiles, blogPost, buildFixture, outputOnDisk, projectOnDisk } from '../../helpers/fixture.js';
import { reservePort } from '../../helpers/local-servers.js';

/** The CLI in this process, stopped when the test says so instead of by a signal. */
function io(cwd = '/nonexistent') {
  let stop!: (reason: string) => void;
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  const sink = { out: '', err: '', stop };
  const cli: CliIO = {
    stdout: (t) => { sink.out += t; },
    stderr: (t) => { sink.err += t; },
    isTTY: false, env: { CI: 'true' }, cwd,
    untilStopped: () => stopped,
  };
  return Object.assign(sink, { cli });
}

let dist: string;
let project: string;
let held: Awaited<ReturnType<typeof reservePort>>;

beforeAll(async () => {
  const result = await buildFixture({ ...baseFiles(), 'content/en/blog/hello.md': blogPost({ title: 'Hello' }) });
  expect(result.ok).toBe(true);
  dist = outputOnDisk(result.output, 'sitegen-busy-port-');
  project = projectOnDisk(baseFiles(), 'sitegen-busy-port-dev-');
  // Another server on the port the CLI is asked for.
  held = await reservePort();
});

afterAll(async () => {
  await held?.release();
  for (const dir of [dist, project]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('sitegen serve and dev on a port in use', () => {
  it('serve says so in one line and takes the next free port, and prints the address it took', async () => {
    const run = io();
    const exited = main(['serve', '--port', String(held.port), '--dir', dist], run.cli);
    await expect.poll(() => run.err).toContain('serving');
    const lines = run.err.trimEnd().split('\n');
    const busy = /^ports? (\d+)(?:-\d+)? (?:is|are) in use, using (\d+)$/.exec(lines[0]!);
    expect(busy, run.err).not.toBeNull();
    expect(Number(busy![1])).toBe(held.port);
    const taken = Number(busy![2]);
    expect(taken).toBeGreaterThan(held.port);
    expect(lines[1]).toBe(`serving ${dist} at http://localhost:${taken}`);
    expect((await fetch(`http://localhost:${taken}/blog/hello`)).status).toBe(200);
    run.stop('test');
    expect(await exited).toBe(0);
    expect(run.err).toContain('sitegen serve: stopping (test)');
  });

  it('serve --strict-port exits 3 with one line and no stack trace', async () => {
    const run = io();
    expect(await main(['serve', '--port', String(held.port), '--strict-port', '--dir', dist], run.cli)).toBe(3);
    expect(run.err).toBe(`sitegen serve: port ${held.port} of 127.0.0.1 is in use (--strict-port): stop what uses it, or choose another port with --port\n`);
  });

  it('dev --strict-port exits 3 at once, before building', async () => {
    const run = io();
    expect(await main(['dev', '--root', project, '--port', String(held.port), '--strict-port', '--jobs', '1'], run.cli)).toBe(3);
    expect(run.err).toBe(`sitegen dev: port ${held.port} of 127.0.0.1 is in use (--strict-port): stop what uses it, or choose another port with --port\n`);
  });

  it('dev takes the next free port too, said before its first build, and answers \'Building…\' until it is done', async () => {
    const run = io();
    // The line is written while the server starts listening, before the build starts: a request
    // made then is answered long before a build of many file reads can end.
    let during: Promise<Response> | undefined;
    const stderr = run.cli.stderr;
    run.cli.stderr = (text) => {
      stderr(text);
      const port = /in use, using (\d+)\n/.exec(text)?.[1];
      if (port) during = fetch(`http://localhost:${port}/blog`);
    };
    const exited = main(['dev', '--root', project, '--port', String(held.port), '--jobs', '1', '--cache-dir', `${project}/.cache`], run.cli);
    await expect.poll(() => run.err).toContain('sitegen dev: http://localhost:');
    const building = await during!;
    expect(building.status).toBe(503);
    expect(await building.text()).toContain('<h1>Building…</h1>');
    const lines = run.err.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^ports? ${held.port}(?:-\\d+)? (?:is|are) in use, using \\d+$`));
    const taken = /using (\d+)$/.exec(lines[0]!)![1];
    expect(lines.findIndex((l) => l.startsWith('built in'))).toBeGreaterThan(0);
    expect(run.err).toContain(`sitegen dev: http://localhost:${taken} (ready in`);
    run.stop('test');
    expect(await exited).toBe(0);
  });

  it('serve --host zh moves only the zh host\'s links to the address used: it serves no other host', async () => {
    const run = io();
    const exited = main(['serve', '--port', '0', '--host', 'zh', '--dir', dist], run.cli);
    await expect.poll(() => run.err).toContain(' as zh');
    const url = /at (http:\/\/localhost:\d+) as zh/.exec(run.err)![1];
    const html = await (await fetch(`${url}/`)).text();
    expect(html).toContain('<html lang="zh-CN"');
    expect(html).toContain(`href="${url}/"`);
    expect(html).not.toContain('https://www.polybrowser-cn.example');
    expect(html).toContain('https://www.polybrowser.example/');
    run.stop('test');
    expect(await exited).toBe(0);
  });

  it('says in one line what to do when the address cannot be listened on', async () => {
    const run = io();
    expect(await main(['serve', '--listen', '192.0.2.1', '--port', '0', '--dir', dist], run.cli)).toBe(3);
    expect(run.err).toBe('sitegen serve: cannot listen on 192.0.2.1: it is not an address of this machine; check --listen\n');
  });
});
