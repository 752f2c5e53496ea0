import { sortDiagnostics, type Diagnostic } from '../errors/site-error.js';
import type { BuildResult, Stage } from './build-result.js';

/** Thrown by BuildRun.check when the build cannot go on; build() turns it into the failed result. */
class StageFailed extends Error {}

/** Thrown by BuildRun.lap at the stage the build was asked to stop after (`stopAfter`). */
class StoppedAfter extends Error {}

/**
 * One build's bookkeeping, so build.ts can read as its list of stages: each stage's time (from the
 * injected clock), every diagnostic in the order reported, and the rule that a build goes on
 * after warnings and stops at the first stage that leaves an error, having reported all of them.
 */
export class BuildRun {
  readonly timings: BuildResult['timings'] = {};
  readonly diagnostics: Diagnostic[] = [];
  private last: number;
  /** Stages timed inside the one running (within), reported at its lap. */
  private readonly inner: { stage: Stage; ms: number }[] = [];
  private readonly undo: (() => Promise<void>)[] = [];
  private readonly ends: (() => void)[] = [];

  constructor(private readonly clock: () => number, private readonly onStage?: (stage: Stage, ms: number) => void, private readonly stopAfter?: Stage) {
    this.last = clock();
  }

  /** Ends a stage: its time since the previous one. */
  lap(stage: Stage): void {
    const now = this.clock();
    const inner = this.inner.splice(0);
    this.timings[stage] = now - this.last - inner.reduce((sum, i) => sum + i.ms, 0);
    this.last = now;
    this.onStage?.(stage, this.timings[stage]!);
    for (const { stage: within, ms } of inner) {
      this.timings[within] = ms;
      this.onStage?.(within, ms);
    }
    if (stage === this.stopAfter || inner.some((i) => i.stage === this.stopAfter)) throw new StoppedAfter();
  }

  /**
   * Times work done in the middle of another stage as a stage of its own: the search index is made
   * from the rendered pages, and render's hosting files must list its files, so it runs inside
   * render. Its time is taken out of the enclosing stage's and reported after it, at its lap.
   */
  async within<T>(stage: Stage, work: () => Promise<T>): Promise<T> {
    const start = this.clock();
    try {
      return await work();
    } finally {
      this.inner.push({ stage, ms: this.clock() - start });
    }
  }

  /** Takes a stage's diagnostics and passes its value on. */
  note<T extends { diagnostics: readonly Diagnostic[] }>(result: T): T {
    this.diagnostics.push(...result.diagnostics);
    return result;
  }

  /** As note, then stops the build if anything reported so far is an error. */
  check<T extends { diagnostics: readonly Diagnostic[] }>(result: T): T {
    this.note(result);
    if (this.failed()) throw new StageFailed();
    return result;
  }

  /** A value a stage could not make (it reported why): the build stops. */
  need<T>(value: T | undefined): T {
    if (value === undefined) throw new StageFailed();
    return value;
  }

  /** What to take back if the build stops or throws before it ends (a staging folder to remove). */
  onStop(undo: () => Promise<void>): void {
    this.undo.push(undo);
  }

  /** What to let go of when the build ends, however it ends (files held open). */
  atEnd(end: () => void): void {
    this.ends.push(end);
  }

  failed(): boolean {
    return this.diagnostics.some((d) => d.severity === 'error');
  }

  sorted(): Diagnostic[] {
    return sortDiagnostics(this.diagnostics);
  }

  /** Runs the stages; a stage that stopped the build gives the failed result. */
  async run(stages: () => Promise<BuildResult>): Promise<BuildResult> {
    try {
      return await stages();
    } catch (error) {
      for (const undo of this.undo.splice(0)) await undo().catch(() => undefined);
      if (error instanceof StoppedAfter) return { ok: !this.failed(), diagnostics: this.sorted(), pages: [], output: new Map(), timings: this.timings, stoppedAfter: this.stopAfter };
      if (!(error instanceof StageFailed)) throw error;
      return { ok: false, diagnostics: this.sorted(), pages: [], output: new Map(), timings: this.timings };
    } finally {
      for (const end of this.ends.splice(0)) end();
    }
  }
}
