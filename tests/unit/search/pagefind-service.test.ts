import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keepIndexers, withPagefind } from '../../../src/search/pagefind-service.js';

/** The Pagefind indexer processes this process started (its children whose command is Pagefind's), by pid. */
function indexerProcesses(): number[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).flatMap((pid) => {
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses, so split after the last ')'.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return ppid === process.pid && comm.startsWith('pagefind') ? [Number(pid)] : [];
    } catch {
      return []; // a process that ended meanwhile
    }
  }).sort((a, b) => a - b);
}

/** One small index made and written, as a build's search stage does. */
const indexOnePage = () => withPagefind(async (newIndex) => {
  const index = await newIndex(1);
  expect(await index.add('/a', '<!DOCTYPE html><html lang="en"><head><title>A</title></head><body><main data-pagefind-body><p>Profiles and proxies</p></main></body></html>')).toEqual([]);
  expect((await index.files()).some((file) => file.path === 'pagefind-entry.json')).toBe(true);
});

describe('the Pagefind indexer processes (src/search/pagefind-service.ts)', () => {
  it('stay up between builds while a dev session holds them, and stop when it lets go', async () => {
    const release = keepIndexers();
    let up: number[] = [];
    try {
      await indexOnePage();
      up = indexerProcesses();
      expect(up.length).toBeGreaterThan(0);
      // The next build (a dev edit's catch-up) indexes on the same processes: none started, none stopped.
      await indexOnePage();
      expect(indexerProcesses()).toEqual(up);
    } finally {
      await release();
    }
    await expect.poll(() => indexerProcesses().filter((pid) => up.includes(pid))).toEqual([]);
  });

  it('start again after an indexer died, although a dev session holds them', async () => {
    const release = keepIndexers();
    try {
      await indexOnePage();
      const dead = indexerProcesses();
      for (const pid of dead) process.kill(pid, 'SIGKILL');
      await expect.poll(() => indexerProcesses().filter((pid) => dead.includes(pid))).toEqual([]);
      // The build that finds it dead fails (the search stage reports SEARCH_INDEX_FAILED); the next one indexes on new processes.
      await expect(indexOnePage()).rejects.toThrow();
      await indexOnePage();
      expect(indexerProcesses().filter((pid) => !dead.includes(pid)).length).toBeGreaterThan(0);
    } finally {
      await release();
    }
  });

  it('stop after a build when nothing holds them', async () => {
    await indexOnePage();
    await expect.poll(indexerProcesses).toEqual([]);
  });
});
