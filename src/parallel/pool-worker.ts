import { fork, type ChildProcess, type Serializable } from 'node:child_process';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/**
 * Where a pool's task runs: a thread of this process, or a process of its own. A process's memory
 * goes back to the system when it ends; a thread's native allocations stay in this process's
 * malloc arenas after the thread is gone (docs/benchmarks.md: drawing 84 000 social images in
 * threads left about 200 MB behind for the rest of the build).
 */
export type Transport = 'thread' | 'process';

/** A started worker, which takes messages of type `Out` (its replies go to the `reply` it was started with). */
export interface PoolWorker<Out> {
  post(message: Out): void;
  /** Ends the worker; its `died` is not told. */
  stop(): Promise<void>;
}

/**
 * Starts the build worker script as a thread or a process. `died` is told if it fails or ends
 * before stop() (a process killed by the system for want of memory, a crash in native code); a
 * process that cannot start may tell it twice (its `error` and its `exit`), so it must bear that.
 */
export function startWorker<Out, In>(script: string, transport: Transport, reply: (message: In) => void, died: (error: Error) => void): PoolWorker<Out> {
  if (transport === 'thread') {
    const worker = new Worker(script);
    worker.on('message', reply);
    worker.on('error', died);
    return { post: (message) => worker.postMessage(message), stop: async () => void (await worker.terminate()) };
  }
  // Structured clone, as between threads: PNG bytes arrive as Uint8Arrays. No inspector or
  // profiler flags of this process: a child started with --inspect would fight for its port.
  const child: ChildProcess = fork(script, [], { serialization: 'advanced', execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let stopping = false;
  child.on('message', reply);
  child.on('error', (error) => stopping || died(error));
  child.on('exit', (code, signal) => stopping || died(new Error(`the worker process ended ${signal ? `by signal ${signal}` : `with exit code ${code}`}`)));
  return {
    // Plain data (structured clone): the pool sends jobs and shared values only.
    post: (message) => void child.send(message as Serializable),
    stop: async () => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    },
  };
}
