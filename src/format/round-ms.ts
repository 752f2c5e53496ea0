/** A duration for a JSON report: to 0.1 ms, which is finer than a build's timing can mean (506.6, not 506.5802699999999). */
export const roundMs = (ms: number): number => Math.round(ms * 10) / 10;
