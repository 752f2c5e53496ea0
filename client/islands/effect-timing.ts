import { options } from 'preact';

/**
 * In the browser the islands run on preact/compat (src/bundle/bundle-client.ts). Preact runs effects
 * after the next animation frame, or 35 ms of timers, which a background tab or a paused page clock
 * never gives; React runs them in the task right after the commit, posted through a MessageChannel.
 * The islands are written and unit-tested against React, so they get React's timing: a countdown or a
 * banner timer starts as soon as the island is on the page.
 */
const channel = new MessageChannel();
const pending: (() => void)[] = [];
channel.port1.onmessage = () => {
  for (const run of pending.splice(0)) run();
};
(options as { requestAnimationFrame?: (run: () => void) => void }).requestAnimationFrame = (run) => {
  pending.push(run);
  if (pending.length === 1) channel.port2.postMessage(null);
};
