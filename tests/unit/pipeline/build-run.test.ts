import { describe, expect, it } from 'vitest';
import { BuildRun } from '../../../src/pipeline/build-run.js';
import type { Stage } from '../../../src/pipeline/build-result.js';

/** A clock the test moves by hand. */
function manualClock() {
  let now = 0;
  return { read: () => now, move: (ms: number) => void (now += ms) };
}

describe('BuildRun: a stage timed inside another (within)', () => {
  it('takes the inner stage\'s time out of the enclosing one and reports it after it, in pipeline order', async () => {
    const clock = manualClock();
    const reported: [Stage, number][] = [];
    const run = new BuildRun(clock.read, (stage, ms) => reported.push([stage, ms]));
    clock.move(10);
    run.lap('bundle');
    clock.move(300); // render's pages
    const value = await run.within('search', async () => {
      clock.move(200);
      return 'index';
    });
    clock.move(50); // render's hosting files
    run.lap('render');
    clock.move(20);
    run.lap('emit');
    expect(value).toBe('index');
    expect(run.timings).toEqual({ bundle: 10, render: 350, search: 200, emit: 20 });
    expect(reported).toEqual([['bundle', 10], ['render', 350], ['search', 200], ['emit', 20]]);
    expect(Object.keys(run.timings)).toEqual(['bundle', 'render', 'search', 'emit']);
  });

  it('counts the time of inner work that failed, and stops after it when asked to stop after the inner stage', async () => {
    const clock = manualClock();
    const run = new BuildRun(clock.read, undefined, 'search');
    await expect(run.within('search', async () => {
      clock.move(5);
      throw new Error('no index');
    })).rejects.toThrow('no index');
    clock.move(1);
    const result = await run.run(async () => {
      run.lap('render');
      throw new Error('the build went on past the stage it was to stop after');
    });
    expect(result.stoppedAfter).toBe('search');
    expect(run.timings).toEqual({ render: 1, search: 5 });
  });
});
