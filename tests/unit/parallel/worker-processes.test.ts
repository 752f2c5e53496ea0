import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawSocialCard } from '../../../src/images/social-card.js';
import type { SocialCard } from '../../../src/model/social-image.js';
import { workerPool } from '../../../src/parallel/worker-pool.js';
import { bundledWorker } from '../../helpers/build-worker.js';
import { childProcesses } from '../../helpers/child-processes.js';

let workerScript: string;
let removeWorker: () => void;
beforeAll(async () => {
  ({ script: workerScript, remove: removeWorker } = await bundledWorker('processes'));
});
afterAll(() => removeWorker());

const workerProcesses = () => childProcesses(workerScript);

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
