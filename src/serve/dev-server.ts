import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { createSession, type BuildOptions, type BuildResult } from '../build.js';
import { rebuild, warmUp } from './dev-rebuild.js';
import { edgeConfigSchema } from '../model/edge-config.js';
import { DEFAULT_CONFIG } from '../load/load-config.js';
import { formatDiagnostics } from '../errors/format-diagnostics.js';
import { diagnostic } from '../errors/site-error.js';
import { sitegenRoot } from '../fs/sitegen-root.js';
import { answerOpen, isLocalHost } from './error-panel/open-endpoint.js';
import { panelError, type PanelReport } from './error-panel/panel-errors.js';
import { panelScriptTag } from './error-panel/panel-script.js';
import type { FileReader } from './read-files.js';
import { listen, send, siteHandler, type Handler, type RunningServer } from './serve-site.js';
import { watchTree } from './watch-tree.js';
import { buildFollower, HOLD_PAGES_MS, queuedEventsRead } from './fresh-pages.js';

export interface DevOptions extends Pick<BuildOptions, 'root' | 'config' | 'jobs' | 'workerScript' | 'cacheDir'> {
  port?: number;
  listen?: string;
  /** Fail when the port is in use instead of taking the next free one. */
  strictPort?: boolean;
  /** Progress and errors for the terminal. */
  log: (line: string) => void;
  /** Called after every build with its result and how long it took from the change that caused it. */
  onBuild?: (result: BuildResult, ms: number) => void;
  /** Milliseconds to wait for more changes to templates/ or client/ before building (code is saved in bursts); content builds at once. */
  debounceMs?: number;
  /** Milliseconds a page asked for during a rebuild waits for it at most (fresh-pages.ts HOLD_PAGES_MS by default). */
  holdPagesMs?: number;
  /** The command that opens a file of the error panel in the writer's editor (open-in-editor.ts editorCommand); `code` by default. */
  editor?: string[];
}

export interface DevServer extends RunningServer {
  /** Builds in full now; resolves when the build is done. */
  rebuild(): Promise<BuildResult | undefined>;
}

const EVENTS_PATH = '/__sitegen/events';
const OPEN_PATH = '/__sitegen/open';

/**
 * `sitegen dev`: builds into memory, serves the result like `sitegen serve` (edge middleware
 * included), watches the content folder, templates/ and client/, and rebuilds on every change with
 * one build session: Markdown worker threads stay up, rendered Markdown stays in memory and
 * unchanged pages are taken from the previous output. Open pages reload after a good build and
 * show the errors of a failed one in the error panel (error-panel/panel-client.ts), whose links open
 * the files in the writer's editor; the terminal prints them with their hints. The server keeps
 * serving the last good build meanwhile and recovers by itself when the error is fixed.
 */
export async function startDev(options: DevOptions): Promise<DevServer> {
  const clients = new Set<ServerResponse>();
  const builds = buildFollower();
  let handler: Handler | undefined;
  let warmedUp: Promise<void> | undefined;
  let closing = false;
  let served: { output?: ReadonlyMap<string, Uint8Array>; edgeJson?: Uint8Array } = {};
  // The errors of the current failed build (undefined after a good one), numbered so a panel dismissed for one failed build comes back for the next.
  let failed: PanelReport | undefined;
  let failedBuilds = 0;
  const listenAddress = options.listen ?? '127.0.0.1';
  const open = { root: options.root, docsDir: join(sitegenRoot(), 'docs'), token: randomBytes(16).toString('hex'), editor: options.editor ?? ['code'], listen: listenAddress };
  const devScript = await panelScriptTag({ events: EVENTS_PATH, open: OPEN_PATH, token: open.token });

  // Listening comes first: a port in use is reported before a build of many seconds, and a
  // browser opened at once gets the 'Building…' page, which reloads when the build is done.
  const server = await listen(async (req, res) => {
    if (req.url === OPEN_PATH || req.url?.startsWith(`${OPEN_PATH}?`)) return answerOpen(req, res, new URL(req.url, 'http://localhost'), open);
    if (req.url === EVENTS_PATH) {
      // The stream carries project paths, messages and code frames: not for a page that reached this port under a name of its own.
      if (!isLocalHost(req.headers.host, listenAddress)) return send(res, req, 403, { 'content-type': 'text/plain; charset=utf-8' }, 'Not allowed: the event stream is for pages of this sitegen dev session.\n');
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      res.write('retry: 500\n\n');
      if (failed) res.write(`event: errors\ndata: ${JSON.stringify(failed)}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (handler) {
      // A page asked for right after a save is the saved one (fresh-pages.ts).
      await builds.upToDate(options.holdPagesMs ?? HOLD_PAGES_MS);
      // The handler of the newest good build, which may be another than before the wait.
      return handler!(req, res);
    }
    // No good build yet: a page that says so, shows the errors and reloads after the first good build.
    const title = failed ? 'Build failed' : 'Building…';
    const body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${devScript}</body></html>`;
    return send(res, req, failed ? 500 : 503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body);
  }, { port: options.port, listen: listenAddress, log: options.log, strictPort: options.strictPort });
  const session = createSession(options);

  const broadcast = (event: string, data: unknown) => {
    for (const client of clients) client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  // Paths changed since the last build started (from the root); undefined when not known (the first build).
  let changed: Set<string> | undefined;
  const runBuild = async (since: number): Promise<BuildResult | undefined> => {
    const paths = changed && [...changed];
    changed = new Set();
    const over = builds.starts();
    try {
      return await buildAndServe(paths, since);
    } finally {
      over();
    }
  };
  const buildAndServe = async (paths: string[] | undefined, since: number): Promise<BuildResult | undefined> => {
    // Not a content error (those are diagnostics) but a crash, e.g. a file vanishing mid-read, or an
    // output the server cannot serve: reported like one, and the server goes on with the last good build.
    const crashed = (error: unknown): BuildResult => ({ ok: false, diagnostics: [diagnostic('BUILD_CRASHED', `the build crashed: ${(error as Error).stack ?? String(error)}`)], pages: [], output: new Map(), timings: {} });
    let result: BuildResult | undefined;
    try {
      result = await rebuild({ ...options, session, write: false, cacheWrites: true }, paths);
      if (!result) return undefined; // nothing the build reads changed: no reload
    } catch (error) {
      result = crashed(error);
    }
    const ms = performance.now() - since;
    // A file of this build saved again while it ran (an editor writing a large file in pieces, read
    // before its last piece): the build after reads it again and speaks for both, so this one
    // neither reloads the pages nor shows its errors.
    await queuedEventsRead();
    const savedAgain = paths?.some((path) => changed?.has(path)) ?? false;
    if (result.ok) {
      try {
        await serveBuild(result, ms, savedAgain);
      } catch (error) {
        result = crashed(error);
      }
    }
    if (!result.ok && !savedAgain) {
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      failed = { build: ++failedBuilds, errors: errors.map(panelError) };
      options.log(`${handler ? 'build failed, still serving the last good build' : 'build failed: there is no good build to serve yet, so every page shows these errors'}:\n${formatDiagnostics(errors, { color: false, verbose: true })}`);
      broadcast('errors', failed);
    }
    options.onBuild?.(result, ms);
    return result;
  };

  /** A good build: serve its output (a new handler when its edge document changed) and reload the pages, unless `quietly`. */
  const serveBuild = async (result: BuildResult, ms: number, quietly: boolean) => {
    const output = result.output;
    const edgeJson = output.get('edge-config.json');
    // A body edit keeps the edge document (and updates the output in place): the handler stays.
    if (!handler || served.output !== output || served.edgeJson !== edgeJson) {
      const files: FileReader = {
        read: async (path) => output.get(path),
        readText: async (path) => new TextDecoder().decode(output.get(path)),
      };
      const document = edgeConfigSchema.parse(JSON.parse(await files.readText('edge-config.json')));
      handler = siteHandler(document, files, { injectHtml: devScript });
      served = { output, edgeJson };
    }
    const hadErrors = failed !== undefined;
    failed = undefined;
    const rendered = result.rendered ? `${result.rendered.pages - result.rendered.reused} of ${result.rendered.pages} pages rendered` : '';
    options.log(`${hadErrors ? 'fixed: ' : ''}built in ${Math.round(ms)} ms (${rendered})`);
    if (!quietly) broadcast('reload', {});
    // After the first good build: the first edit then costs what the hundredth does.
    if (!warmedUp) warmedUp = warmUp(session, () => closing).catch(() => undefined);
  };

  // One build at a time; changes during a build start one more build after it.
  let running: Promise<BuildResult | undefined> | undefined;
  let queued: { since: number; waiters: ((r: BuildResult | undefined) => void)[] } | undefined;
  const schedule = (since: number): Promise<BuildResult | undefined> => new Promise((resolve) => {
    if (queued) {
      queued.waiters.push(resolve);
      return;
    }
    queued = { since, waiters: [resolve] };
    const start = () => {
      const batch = queued!;
      queued = undefined;
      // A build queued behind the one close() waits for does not start on a closing session.
      if (closing) return batch.waiters.forEach((w) => w(undefined));
      running = runBuild(batch.since).finally(() => { running = undefined; });
      const settle = (result: BuildResult | undefined) => batch.waiters.forEach((w) => w(result));
      running.then(settle, () => settle(undefined));
    };
    if (running) void running.then(() => setTimeout(start, 0));
    else setTimeout(start, 0);
  });

  let timer: NodeJS.Timeout | undefined;
  let firstChange = 0;
  let waitMs = 0;
  const onChange = (isCode: boolean) => {
    builds.changed();
    if (!timer) {
      firstChange = performance.now();
      waitMs = 0;
    }
    // Code is saved in bursts (several files, a formatter after the save) and makes the bundles
    // again: its build waits for the burst to end. Content builds at once, as the events of one
    // save come in (a save that looks half done is looked at again: dev-rebuild.ts settledChanges).
    if (isCode) waitMs = options.debounceMs ?? 10;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void schedule(firstChange);
    }, waitMs);
  };

  await schedule(performance.now());
  const contentDir = dirname(options.config ?? DEFAULT_CONFIG);
  const watched: [dir: string, isCode: boolean][] = [[contentDir, false], ['templates', true], ['client', true]];
  const watchers = watched.flatMap(([dir, isCode]) => {
    try {
      return [watchTree(join(options.root, dir), (path) => {
        // Code changed: the session's bundles are made again; content changes keep them.
        if (isCode) session.codeVersion++;
        else if (path === null) changed = undefined;
        else changed?.add(`${dir}/${path}`);
        onChange(isCode);
      })];
    } catch {
      return [];
    }
  });


  return {
    ...server,
    rebuild: () => {
      changed = undefined;
      return schedule(performance.now());
    },
    close: async () => {
      closing = true;
      clearTimeout(timer);
      watchers.forEach((w) => w.close());
      for (const client of clients) client.end();
      await running;
      await warmedUp;
      await server.close();
      await session.close();
    },
  };
}
