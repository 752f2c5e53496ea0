import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawSocialCard } from '../../../src/images/social-card.js';
import type { SocialCard } from '../../../src/model/social-image.js';
import { workerPool } from '../../../src/parallel/worker-pool.js';
import { bundledWorker } from '../../helpers/build-worker.js';

let workerScript: string;
let removeWorker: () => void;
beforeAll(async () => {
  ({ script: workerScript, remove: removeWorker } = await bundledWorker('processes'));
});
afterAll(() => removeWorker());

/** The processes this one started that run the worker script, from the system's own process table. */
function workerProcesses(): number[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).flatMap((name) => {
    try {
      // The parent's id is the second field after the command's name, which is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      return parent === process.pid && command.includes(workerScript) ? [Number(name)] : [];
    } catch {
      return []; // ended while listed
    }
  });
}

const cards = (count: number): SocialCard[] => Array.from({ length: count }, (_, i) => ({ title: `Card number ${i}`, brand: 'PolyBrowser', lang: 'en', script: 'latin' }));

describe('social images drawn in worker processes', () => {
  it('draws in processes of their own, which end when the pool closes, with the same PNGs as this thread', async () => {
    const pool = workerPool(workerScript, 2);
    const few = cards(3);
    try {
      const drawn = await pool.run('social', few, null);
      // Two processes run the script while the pool lives: a thread would not show here.
      expect(workerProcesses()).toHaveLength(2);
      const alone = await Promise.all(few.map((card) => drawSocialCard(card)));
      expect(drawn.map((d, i) => Buffer.from(d.png).equals(Buffer.from(alone[i]!.png)))).toEqual([true, true, true]);
    } finally {
      await pool.close();
    }
    expect(workerProcesses()).toEqual([]);
  });

  it('fails the call when a drawing process dies, saying how it ended, and draws the next call in new processes', async () => {
    const pool = workerPool(workerScript, 2);
    try {
      const started = pool.run('social', cards(2), null);
      await started;
      const [victim] = workerProcesses();
      // Enough cards that the call is still running when its process is killed.
      const running = pool.run('social', cards(400), null);
      process.kill(victim!, 'SIGKILL');
      await expect(running).rejects.toThrow(/a worker process died: the worker process ended by signal SIGKILL/);
      const again = await pool.run('social', cards(3), null);
      expect(again.map((d) => d.png.byteLength > 0)).toEqual([true, true, true]);
      expect(workerProcesses()).not.toContain(victim);
    } finally {
      await pool.close();
    }
    expect(workerProcesses()).toEqual([]);
  });
});
