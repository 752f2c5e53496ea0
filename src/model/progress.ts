/**
 * How far a stage has got: `done` of `total` items (Markdown bodies, pages, files). A stage that was
 * given one calls it as it goes and decides nothing about how, or whether, progress is shown: the
 * stage stays a pure function of its input (the CLI draws the progress line, src/cli/progress.ts).
 */
export type Progress = (done: number, total: number) => void;
