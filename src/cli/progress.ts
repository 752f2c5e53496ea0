import type { Stage } from '../build.js';
import { formatStage, groupDigits } from './report.js';

/** What each long stage counts as it goes (the stages that report progress, see BuildOptions.onProgress). */
const UNITS: Partial<Record<Stage, string>> = { parse: 'bodies', social: 'images', render: 'pages', search: 'pages', emit: 'files' };

/** A terminal's live line is redrawn at most this often: ten times a second reads as live and costs nothing. */
export const LIVE_REDRAW_MS = 100;

/** Without a terminal (CI, a log file), a stage still running prints a line at most this often. */
export const PLAIN_LINE_MS = 5000;

/** Back to the start of the line, and erase it (ECMA-48 EL 2): what every terminal emulator does. */
const ERASE_LINE = '\r\u001b[2K';

export interface ProgressOptions {
  write: (text: string) => void;
  /** Milliseconds from an arbitrary origin (the build's clock; a fake one in tests). */
  clock: () => number;
  /**
   * live: one line per stage, redrawn in place with `\r` and erase-line, then replaced by the stage's
   * normal line; plain: whole lines only, at most one every `interval` ms per stage, for a log.
   */
  mode: 'live' | 'plain';
  /** Milliseconds between plain lines (PLAIN_LINE_MS unless set). */
  interval?: number;
}

export interface ProgressReporter {
  /** BuildOptions.onProgress: called once per item, so it only looks at the clock and returns, mostly. */
  progress(stage: Stage, done: number, total: number): void;
  /** BuildOptions.onStage: the stage's normal line, in place of its live line. */
  stageEnded(stage: Stage, ms: number): void;
  /** The build is over (a stage that failed or threw has no closing line): the live line, if any, is erased before anything else is printed. */
  end(): void;
}

/**
 * The progress a person watching a build sees, on stderr: on a terminal a live line for the stage
 * running (`  parse     6 120 / 14 744 bodies  410/s`), redrawn at most ten times a second and
 * replaced by the stage's line when it ends; elsewhere the same text as a plain line every 5 s of a
 * stage still running, so a CI log shows the build is alive without a line per item. A stage
 * shorter than the interval shows nothing but its closing line.
 */
export function progressReporter(options: ProgressOptions): ProgressReporter {
  const { write, clock, mode } = options;
  const every = mode === 'live' ? LIVE_REDRAW_MS : (options.interval ?? PLAIN_LINE_MS);
  let stageStart = clock();
  let lastLine = stageStart;
  let drawn = false;
  return {
    progress(stage, done, total) {
      const now = clock();
      if (now - lastLine < every) return;
      lastLine = now;
      const text = progressLine(stage, done, total, now - stageStart);
      if (mode === 'live') {
        write(`${ERASE_LINE}${text}`);
        drawn = true;
      } else write(`${text}\n`);
    },
    stageEnded(stage, ms) {
      write(`${drawn ? ERASE_LINE : ''}${formatStage(stage, ms)}\n`);
      drawn = false;
      stageStart = lastLine = clock();
    },
    end() {
      if (drawn) write(ERASE_LINE);
      drawn = false;
    },
  };
}

/** `  parse     6 120 / 14 744 bodies  410/s`: the stage column as its closing line has it (formatStage). */
export function progressLine(stage: Stage, done: number, total: number, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? `  ${groupDigits(Math.round((done * 1000) / elapsedMs))}/s` : '';
  return `  ${stage.padEnd(9)} ${groupDigits(done)} / ${groupDigits(total)} ${UNITS[stage] ?? 'items'}${rate}`;
}

/** SITEGEN_PROGRESS_INTERVAL_MS: milliseconds between plain progress lines (0: a line per item), PLAIN_LINE_MS when unset or not a number. */
export function progressInterval(env: Record<string, string | undefined>): number {
  const ms = Number(env.SITEGEN_PROGRESS_INTERVAL_MS);
  return env.SITEGEN_PROGRESS_INTERVAL_MS && Number.isFinite(ms) && ms >= 0 ? ms : PLAIN_LINE_MS;
}

/**
 * Which progress a build shows: none when asked to be quiet (or printing JSON), a live line on a
 * terminal, plain lines under CI (env CI set, as every CI service does) or when stderr is a file or
 * pipe. A terminal that cannot erase a line (TERM=dumb) gets plain lines too.
 */
export function progressMode(how: { quiet: boolean; stderrIsTTY: boolean; env: Record<string, string | undefined> }): ProgressOptions['mode'] | undefined {
  if (how.quiet) return undefined;
  const ci = !!how.env.CI && how.env.CI !== 'false' && how.env.CI !== '0';
  return how.stderrIsTTY && !ci && how.env.TERM !== 'dumb' ? 'live' : 'plain';
}
