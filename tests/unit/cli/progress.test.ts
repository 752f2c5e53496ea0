import { describe, expect, it } from 'vitest';
import { progressLine, progressMode, progressReporter, type ProgressOptions } from '../../../src/cli/progress.js';

/** A reporter on a clock the test moves, and everything it wrote. */
function reporter(mode: ProgressOptions['mode'], interval?: number) {
  let now = 1000;
  const written: string[] = [];
  const progress = progressReporter({ write: (text) => written.push(text), clock: () => now, mode, interval });
  return { progress, written, at: (ms: number) => { now = 1000 + ms; } };
}

const ERASE = '\r\u001b[2K';

describe('build progress', () => {
  it('reads as counts and a rate under the stage column of the closing lines', () => {
    expect(progressLine('parse', 6120, 14744, 14_927)).toBe('  parse     6 120 / 14 744 bodies  410/s');
    expect(progressLine('render', 10, 1126, 0)).toBe('  render    10 / 1 126 pages');
    expect(progressLine('emit', 1, 2, 1000)).toBe('  emit      1 / 2 files  1/s');
  });

  it('on a terminal, redraws one line in place at most ten times a second, then replaces it with the stage line', () => {
    const { progress, written, at } = reporter('live');
    // One item every 30 ms for 600 ms: a line at 120, 240, 360, 480 and 600 ms (the first 100 ms of a stage draw nothing).
    for (let ms = 30, done = 1; ms <= 600; ms += 30, done++) {
      at(ms);
      progress.progress('parse', done, 20);
    }
    expect(written).toEqual([
      `${ERASE}  parse     4 / 20 bodies  33/s`,
      `${ERASE}  parse     8 / 20 bodies  33/s`,
      `${ERASE}  parse     12 / 20 bodies  33/s`,
      `${ERASE}  parse     16 / 20 bodies  33/s`,
      `${ERASE}  parse     20 / 20 bodies  33/s`,
    ]);
    at(650);
    progress.stageEnded('parse', 650);
    expect(written.at(-1)).toBe(`${ERASE}  parse        650 ms\n`);
  });

  it('on a terminal, erases the live line of a stage that failed, so the errors start on a line of their own', () => {
    const { progress, written, at } = reporter('live');
    at(500);
    progress.progress('render', 3, 9);
    progress.end();
    expect(written).toEqual([`${ERASE}  render    3 / 9 pages  6/s`, ERASE]);
    progress.end();
    expect(written).toHaveLength(2);
  });

  it('on a terminal, shows a short stage as its closing line alone', () => {
    const { progress, written, at } = reporter('live');
    for (let ms = 0; ms < 100; ms += 10) {
      at(ms);
      progress.progress('render', ms, 100);
    }
    progress.stageEnded('render', 99);
    expect(written).toEqual(['  render        99 ms\n']);
  });

  it('without a terminal, prints a plain line at most every 5 s of a stage still running, counted from the stage start', () => {
    const { progress, written, at } = reporter('plain');
    for (let s = 1; s <= 12; s++) {
      at(s * 1000);
      progress.progress('parse', s * 100, 2000);
    }
    expect(written).toEqual(['  parse     500 / 2 000 bodies  100/s\n', '  parse     1 000 / 2 000 bodies  100/s\n']);
    at(12_500);
    progress.stageEnded('parse', 12_500);
    // The next stage starts its own 5 s: an item 4.9 s into it prints nothing, one at 5 s does.
    at(17_400);
    progress.progress('render', 1, 10);
    at(17_500);
    progress.progress('render', 2, 10);
    expect(written.slice(2)).toEqual(['  parse       12.50 s\n', '  render    2 / 10 pages  0/s\n']);
    expect(written.join('')).not.toContain('\r');
  });

  it('prints a plain line for every item when the interval is 0 (SITEGEN_PROGRESS_INTERVAL_MS=0)', () => {
    const { progress, written } = reporter('plain', 0);
    progress.progress('emit', 1, 2);
    progress.progress('emit', 2, 2);
    expect(written).toEqual(['  emit      1 / 2 files\n', '  emit      2 / 2 files\n']);
  });

  it('is live on a terminal, plain under CI or into a pipe or a dumb terminal, and off when quiet', () => {
    expect(progressMode({ quiet: false, stderrIsTTY: true, env: {} })).toBe('live');
    expect(progressMode({ quiet: false, stderrIsTTY: true, env: { CI: 'false' } })).toBe('live');
    expect(progressMode({ quiet: false, stderrIsTTY: true, env: { CI: 'true' } })).toBe('plain');
    expect(progressMode({ quiet: false, stderrIsTTY: true, env: { TERM: 'dumb' } })).toBe('plain');
    expect(progressMode({ quiet: false, stderrIsTTY: false, env: {} })).toBe('plain');
    expect(progressMode({ quiet: true, stderrIsTTY: true, env: {} })).toBeUndefined();
  });
});
