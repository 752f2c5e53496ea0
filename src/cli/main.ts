import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { resolve } from 'node:path';
import { rm, writeFile } from 'node:fs/promises';
import { build, STAGES, type BuildResult, type Stage } from '../build.js';
import type { CheckReport } from '../check/check-site.js';
import { DEFAULT_CONFIG } from '../load/load-config.js';
import { edgeConfigSchema } from '../model/edge-config.js';
import { formatReportHtml, formatReportText } from '../check/format-report.js';
import { readBuiltSite, readLegacyUrls } from '../check/read-built-site.js';
import { startDev } from '../serve/dev-server.js';
import { ListenError, serveSite } from '../serve/serve-site.js';
import { localOrigin } from '../serve/preview-origins.js';
import { HOST_KEYS } from '../model/locale-table.js';
import { untilStopped } from './until-stopped.js';
import { editorCommand } from '../serve/open-in-editor.js';
import { NoBuiltSiteError } from '../serve/read-files.js';
import { sweepStaging } from '../emit/staging.js';
import { diagnosticsForJson, formatSummary, summarize } from './report.js';
import { progressInterval, progressMode, progressReporter } from './progress.js';
import { formatDiagnostics, type ReportStyle } from '../errors/format-diagnostics.js';

/** Exit codes: 3 is a server (serve, dev) that could not listen, e.g. its port in use with --strict-port. */
export const EXIT = { ok: 0, buildFailed: 1, usage: 2, cannotListen: 3 } as const;

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  isTTY: boolean;
  /** stderr is a terminal: progress is a live line there (plain lines otherwise). */
  stderrIsTTY?: boolean;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Resolves, with the reason, when a long-running command (serve, dev) is to stop (default: signals, see until-stopped.ts). */
  untilStopped?: () => Promise<string>;
}

const nodeIO = (): CliIO => ({
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  isTTY: !!process.stdout.isTTY,
  stderrIsTTY: !!process.stderr.isTTY,
  env: process.env,
  cwd: process.cwd(),
});

function parseJobs(value: string): number {
  const jobs = Number(value);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 256) throw new InvalidArgumentError('must be a whole number of threads, 1 or more');
  return jobs;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('must be a port number (0-65535)');
  return port;
}

/** The "Examples:" block of a command's --help. */
function examples(lines: readonly (readonly [command: string, what: string])[]): string {
  const width = Math.max(...lines.map(([command]) => command.length));
  return `\nExamples:\n${lines.map(([command, what]) => `  $ ${command.padEnd(width)}  ${what}`).join('\n')}\n`;
}

/** The local address of every host, for a server at `url` (see docs/cli.md "Preview"). */
function everyHost(url: string): string {
  const { port } = new URL(url);
  return `every host: ${HOST_KEYS.map((key) => localOrigin(key, port)).join('  ')}`;
}

/**
 * The checks, loaded when a command runs them: their HTML validator and XML schema checker take
 * about a quarter of a second to load, which every build paid (bin/sitegen compiles this module
 * with code splitting, so the checks are a chunk of their own).
 */
const loadChecks = async () => (await import('../check/check-site.js')).checkSite;

/** Run the CLI; resolves to the exit code (0 ok, 1 build errors, 2 usage errors, 3 a server that could not listen). */
export async function main(argv: readonly string[], io: CliIO = nodeIO(), version = '0.0.0'): Promise<number> {
  let exitCode: number = EXIT.ok;
  const program = new Command('sitegen')
    .description('Build the multilingual product website: 14 locales, 3 hosts, sitemaps and edge redirects.')
    .version(version, '-v, --version')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(run sitegen --help for usage)')
    .addHelpText('after', examples([
      ['sitegen build', 'build content/ into dist/'],
      ['sitegen serve', 'preview dist/ at http://localhost:4000'],
      ['sitegen dev', 'build, preview and rebuild on every change'],
      ['sitegen build --help', 'the options and examples of one command'],
    ]));

  program.command('build')
    .description('render every page of every locale into the output directory')
    .addHelpText('after', examples([
      ['sitegen build', 'build content/ into dist/'],
      ['sitegen build --check', 'build, then check links, hreflang, sitemaps, HTML and redirects'],
      ['sitegen build --json > report.json', 'a machine-readable report for CI'],
      ['sitegen build --no-cache --stop-after parse', 'time the Markdown stage from scratch'],
    ]))
    .option('-c, --config <file>', 'site configuration; its folder is the content folder', DEFAULT_CONFIG)
    .option('-o, --out <dir>', 'output directory (replaced as a whole when the build succeeds)', 'dist')
    .option('--root <dir>', 'project root holding templates/ and client/', io.cwd)
    .addOption(new Option('-q, --quiet', 'print errors and the summary only').conflicts('verbose'))
    .option('--verbose', 'print every warning and per-locale page counts')
    .option('--json', 'print a machine-readable report on stdout (for CI)')
    .option('--check', 'then run every check of sitegen check on the output; errors fail the build')
    .option('-j, --jobs <n>', 'worker threads for Markdown, processes for social images (default: the available cores; 1: none)', parseJobs)
    .option('--cache-dir <dir>', 'where rendered Markdown, encoded and social images and compiled templates are kept', 'node_modules/.cache/sitegen')
    .option('--no-cache', 'render all Markdown again and keep none of it (encoded and social images stay cached: their key is their content)')
    .option('--rebuild', 'build even when nothing changed since the previous build (which otherwise keeps its output); caches still apply')
    .addOption(new Option('--stop-after <stage>', 'stop after this stage and write nothing (to time the stages up to it)').choices(STAGES.filter((stage) => stage !== 'emit')).conflicts('check'))
    .action(async (opts: { config: string; out: string; root: string; quiet?: boolean; verbose?: boolean; json?: boolean; check?: boolean; jobs?: number; cacheDir: string; cache: boolean; rebuild?: boolean; stopAfter?: Stage }) => {
      const style = { color: io.isTTY && !io.env.NO_COLOR && !io.env.CI, verbose: !!opts.verbose };
      const clock = () => performance.now();
      const started = clock();
      const mode = progressMode({ quiet: !!opts.json || !!opts.quiet, stderrIsTTY: !!io.stderrIsTTY, env: io.env });
      const progress = mode && progressReporter({ write: io.stderr, clock, mode, interval: progressInterval(io.env) });
      if (progress) io.stderr(`sitegen ${version}: building ${opts.config}\n`);
      let result: BuildResult;
      try {
        result = await build({
          root: opts.root,
          config: opts.config,
          outDir: opts.out,
          jobs: opts.jobs,
          cache: opts.cache,
          cacheDir: resolve(opts.root, opts.cacheDir),
          upToDateCheck: !opts.rebuild,
          stopAfter: opts.stopAfter,
          workerScript: io.env.SITEGEN_WORKER,
          clock,
          onStage: progress?.stageEnded,
          onProgress: progress?.progress,
        });
      } finally {
        // A stage that failed has no closing line: its live line must not run into what follows.
        progress?.end();
      }
      const summary = summarize(result, clock() - started);
      if (opts.json) {
        io.stdout(`${JSON.stringify({ ...summary, diagnostics: diagnosticsForJson(result.diagnostics) }, null, 2)}\n`);
      } else {
        const shown = opts.quiet ? result.diagnostics.filter((d) => d.severity === 'error') : result.diagnostics;
        const text = formatDiagnostics(shown, style);
        if (text) io.stderr(`${text}\n`);
        io.stderr(`${formatSummary(summary, style)}\n`);
      }
      exitCode = result.ok ? EXIT.ok : EXIT.buildFailed;
      if (result.ok && opts.check) {
        // A build that kept its output holds none of it in memory: the check reads it from disk.
        const input = result.upToDate
          ? await readBuiltSite(resolve(opts.root, opts.out))
          : { files: result.output, edge: edgeConfigSchema.parse(JSON.parse(new TextDecoder().decode(result.output.get('edge-config.json')!))) };
        const report = await (await loadChecks())(input, { legacy: await readLegacyUrls(opts.config, opts.root) });
        printCheck(report, { json: !!opts.json, ...style });
        if (!report.ok) exitCode = EXIT.buildFailed;
      }
    });

  program.command('check')
    .description('prove a built site correct: links and anchors, hreflang, sitemaps, HTML, redirects')
    .addHelpText('after', examples([
      ['sitegen check', 'check dist/'],
      ['sitegen check --html report.html', 'also write a filterable report page'],
      ['sitegen check --external --json', 'also request every external link; the report as JSON'],
    ]))
    .option('-d, --dir <dir>', 'built output to check', 'dist')
    .option('-c, --config <file>', 'site configuration; the legacy-URL list is read from its folder', DEFAULT_CONFIG)
    .option('--json', 'print the report as JSON on stdout (for CI): every finding, with its output place and its source')
    .option('--html <file>', 'also write the report as a filterable HTML page')
    .option('--external', 'also request every external link (8 at a time, 10 s time-out each)')
    .option('--verbose', 'print every case of each rule and every page of each case (by default the first 5 cases of each rule)')
    .action(async (opts: { dir: string; config: string; json?: boolean; html?: string; external?: boolean; verbose?: boolean }) => {
      let input: Awaited<ReturnType<typeof readBuiltSite>>;
      try {
        input = await readBuiltSite(resolve(io.cwd, opts.dir));
      } catch (error) {
        io.stderr(`sitegen check: ${(error as Error).message}\n`);
        exitCode = EXIT.buildFailed;
        return;
      }
      const report = await (await loadChecks())(input, { legacy: await readLegacyUrls(opts.config, io.cwd), external: opts.external ? {} : undefined });
      printCheck(report, { json: !!opts.json, color: io.isTTY && !io.env.NO_COLOR && !io.env.CI, verbose: !!opts.verbose });
      if (opts.html) {
        await writeFile(resolve(io.cwd, opts.html), formatReportHtml(report));
        if (!opts.json) io.stderr(`report written to ${opts.html}\n`);
      }
      exitCode = report.ok ? EXIT.ok : EXIT.buildFailed;
    });

  program.command('dev')
    .description('build into memory, serve, and rebuild on every change; open pages reload by themselves')
    .option('-p, --port <n>', 'port to listen on; the next free one when it is in use (0 picks a free one)', parsePort, 4000)
    .option('--strict-port', `exit (code ${EXIT.cannotListen}) when the port is in use instead of taking the next free one`)
    .option('-c, --config <file>', 'site configuration; its folder is the content folder', DEFAULT_CONFIG)
    .option('--root <dir>', 'project root holding templates/ and client/', io.cwd)
    .option('-j, --jobs <n>', 'worker threads for Markdown, processes for social images (default: the available cores; 1: none)', parseJobs)
    .option('--cache-dir <dir>', 'where rendered Markdown, encoded and social images and compiled templates are kept', 'node_modules/.cache/sitegen')
    .option('--listen <address>', 'address to listen on', '127.0.0.1')
    .addHelpText('after', examples([
      ['sitegen dev', 'at http://localhost:4000 (zh, ru: http://zh.localhost:4000, …)'],
      ['sitegen dev --port 5000 --strict-port', 'port 5000 or nothing (exit code 3 when it is in use)'],
      ['sitegen dev --jobs 1', 'render Markdown in the main thread'],
    ]))
    .action(async (opts: { port: number; strictPort?: boolean; config: string; root: string; jobs?: number; cacheDir: string; listen: string }) => {
      const started = performance.now();
      const log = (line: string) => io.stderr(`${line}\n`);
      const dev = await startDev({
        root: opts.root, config: opts.config, jobs: opts.jobs, cacheDir: resolve(opts.root, opts.cacheDir),
        workerScript: io.env.SITEGEN_WORKER, port: opts.port, listen: opts.listen, strictPort: opts.strictPort, editor: editorCommand(io.env), log,
      }).catch(cannotListen('dev'));
      if (!dev) return;
      io.stderr(`sitegen dev: ${dev.url} (ready in ${Math.round(performance.now() - started)} ms); ${everyHost(dev.url)}\n`);
      await serveUntilStopped('dev', dev.close);
    });

  program.command('clean')
    .description('delete the cache (rendered Markdown, encoded and social images, compiled code) and the output directory')
    .addHelpText('after', examples([
      ['sitegen clean', 'delete node_modules/.cache/sitegen and dist/'],
      ['sitegen clean --out public-dist', 'delete another output directory (and the cache)'],
    ]))
    .option('-o, --out <dir>', 'output directory to delete', 'dist')
    .option('--cache-dir <dir>', 'cache directory to delete', 'node_modules/.cache/sitegen')
    .action(async (opts: { out: string; cacheDir: string }) => {
      // What killed builds of this output left beside it goes first (a swap cut short may have moved the output aside).
      await sweepStaging(resolve(io.cwd, opts.out));
      for (const dir of [opts.cacheDir, opts.out]) {
        await rm(resolve(io.cwd, dir), { recursive: true, force: true });
        io.stderr(`deleted ${dir}\n`);
      }
    });

  program.command('serve')
    .description('serve the built site over HTTP with the edge middleware, as the hosts will; its links stay on this machine')
    .option('-p, --port <n>', 'port to listen on; the next free one when it is in use (0 picks a free one)', parsePort, 4000)
    .option('--strict-port', `exit (code ${EXIT.cannotListen}) when the port is in use instead of taking the next free one`)
    .option('-d, --dir <dir>', 'built output to serve', 'dist')
    .option('--host <name>', 'serve this host (main, zh, ru or a hostname) whatever the Host header says')
    .option('--listen <address>', 'address to listen on', '127.0.0.1')
    .addHelpText('after', examples([
      ['sitegen serve', 'dist/ at http://localhost:4000 (zh, ru: http://zh.localhost:4000, …)'],
      ['sitegen serve --port 0', 'on a free port (printed)'],
      ['sitegen serve --host zh --port 8080', 'only the zh host, whatever name it is reached by'],
    ]))
    .action(async (opts: { port: number; strictPort?: boolean; dir: string; host?: string; listen: string }) => {
      const running = await serveSite({ dir: resolve(io.cwd, opts.dir), port: opts.port, strictPort: opts.strictPort, host: opts.host, listen: opts.listen, log: (line) => io.stderr(`${line}\n`) })
        .catch(noBuiltSite)
        .catch(cannotListen('serve'));
      if (!running) return;
      io.stderr(`serving ${opts.dir} at ${running.url}${opts.host ? ` as ${opts.host}` : ''}\n`);
      if (!opts.host) io.stderr(`  ${everyHost(running.url)}\n`);
      await serveUntilStopped('serve', running.close);
    });

  /** Nothing built to serve: one line, as check says it, and exit code 1. */
  function noBuiltSite(error: unknown): undefined {
    if (!(error instanceof NoBuiltSiteError)) throw error;
    io.stderr(`sitegen serve: ${error.message}\n`);
    exitCode = EXIT.buildFailed;
    return undefined;
  }

  /** A server that could not listen: one line and exit code 3; anything else is not this catch's. */
  function cannotListen(command: string) {
    return (error: unknown): undefined => {
      if (!(error instanceof ListenError)) throw error;
      io.stderr(`sitegen ${command}: ${error.message}\n`);
      exitCode = EXIT.cannotListen;
      return undefined;
    };
  }

  /** Serves until told to stop, then closes the server (and dev's watchers and worker threads). */
  async function serveUntilStopped(command: string, close: () => Promise<void>): Promise<void> {
    const reason = await (io.untilStopped ?? (() => untilStopped(io.env)))();
    io.stderr(`sitegen ${command}: stopping (${reason})\n`);
    await close();
  }

  function printCheck(report: CheckReport, how: { json: boolean } & ReportStyle): void {
    if (how.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    else io.stderr(`${formatReportText(report, how)}\n`);
  }

  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with exit code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    io.stderr(`sitegen: ${(error as Error).stack ?? String(error)}\n`);
    return EXIT.buildFailed;
  }
  if (argv.length === 0) {
    program.outputHelp();
    return EXIT.usage;
  }
  return exitCode;
}
