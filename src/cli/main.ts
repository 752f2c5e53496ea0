import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { resolve } from 'node:path';
import { build } from '../build.js';
import { serveSite } from '../serve/serve-site.js';
import { formatDiagnostics, formatStage, formatSummary, summarize } from './report.js';

export const EXIT = { ok: 0, buildFailed: 1, usage: 2 } as const;

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  isTTY: boolean;
  env: Record<string, string | undefined>;
  cwd: string;
}

const nodeIO = (): CliIO => ({
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  isTTY: !!process.stdout.isTTY,
  env: process.env,
  cwd: process.cwd(),
});

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('must be a port number (0-65535)');
  return port;
}

/** Run the CLI; resolves to the exit code (0 ok, 1 build errors, 2 usage errors). */
export async function main(argv: readonly string[], io: CliIO = nodeIO(), version = '0.0.0'): Promise<number> {
  let exitCode: number = EXIT.ok;
  const program = new Command('sitegen')
    .description('Build the multilingual product website: 14 locales, 3 hosts, sitemaps and edge redirects.')
    .version(version, '-v, --version')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(run sitegen --help for usage)');

  program.command('build')
    .description('render every page of every locale into the output directory')
    .option('-c, --config <file>', 'site configuration; its folder is the content folder', 'content/site.yaml')
    .option('-o, --out <dir>', 'output directory (replaced as a whole when the build succeeds)', 'dist')
    .option('--root <dir>', 'project root holding templates/ and client/', io.cwd)
    .addOption(new Option('-q, --quiet', 'print errors and the summary only').conflicts('verbose'))
    .option('--verbose', 'print every warning and per-locale page counts')
    .option('--json', 'print a machine-readable report on stdout (for CI)')
    .action(async (opts: { config: string; out: string; root: string; quiet?: boolean; verbose?: boolean; json?: boolean }) => {
      const style = { color: io.isTTY && !io.env.NO_COLOR && !io.env.CI, verbose: !!opts.verbose };
      const started = performance.now();
      const progress = !opts.json && !opts.quiet;
      if (progress) io.stderr(`sitegen ${version}: building ${opts.config}\n`);
      const result = await build({
        root: opts.root,
        config: opts.config,
        outDir: opts.out,
        onStage: progress ? (stage, ms) => io.stderr(`${formatStage(stage, ms)}\n`) : undefined,
      });
      const summary = summarize(result, performance.now() - started);
      if (opts.json) {
        io.stdout(`${JSON.stringify({ ...summary, diagnostics: result.diagnostics.map(({ cause: _cause, ...d }) => d) }, null, 2)}\n`);
      } else {
        const shown = opts.quiet ? result.diagnostics.filter((d) => d.severity === 'error') : result.diagnostics;
        const text = formatDiagnostics(shown, style);
        if (text) io.stderr(`${text}\n`);
        io.stderr(`${formatSummary(summary, style)}\n`);
      }
      exitCode = result.ok ? EXIT.ok : EXIT.buildFailed;
    });

  program.command('serve')
    .description('serve the built site over HTTP with the edge middleware, as the hosts will')
    .option('-p, --port <n>', 'port to listen on (0 picks a free one)', parsePort, 4000)
    .option('-d, --dir <dir>', 'built output to serve', 'dist')
    .option('--host <name>', 'serve this host (main, zh, ru or a hostname) whatever the Host header says')
    .option('--listen <address>', 'address to listen on', '127.0.0.1')
    .action(async (opts: { port: number; dir: string; host?: string; listen: string }) => {
      const running = await serveSite({ dir: resolve(io.cwd, opts.dir), port: opts.port, host: opts.host, listen: opts.listen, log: (line) => io.stderr(`${line}\n`) });
      const port = new URL(running.url).port;
      io.stderr(`serving ${opts.dir} at ${running.url}${opts.host ? ` as ${opts.host}` : ''}\n`);
      if (!opts.host) io.stderr(`  every host: http://main.localhost:${port}  http://zh.localhost:${port}  http://ru.localhost:${port}\n`);
      await new Promise<void>((done) => {
        const stop = () => void running.close().then(done);
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });

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
