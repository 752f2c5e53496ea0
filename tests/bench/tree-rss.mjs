#!/usr/bin/env node
// tree-rss.mjs COMMAND [ARGS…]: runs the command and prints on stderr, when it ends, a line
// `TREE_RSS <KiB> <processes>`: the largest sum of the resident memory of the command and every
// process under it, read from /proc every 200 ms, and how many processes that sum held. GNU time's
// %M is the largest single process; a build that draws in child processes (social images) or
// indexes in them (Pagefind) needs them all counted. Exits as the command did.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'inherit' });

/** Resident KiB of each process under `root` and of root itself, from the system's process table. */
function treeRss(root) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The parent's id is the second field after the command's name, which is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // ended while listed
    }
  }
  let kib = 0;
  let count = 0;
  for (const stack = [root]; stack.length;) {
    const pid = stack.pop();
    try {
      kib += Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      count++;
    } catch {
      continue;
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return { kib, count };
}

let peak = { kib: 0, count: 0 };
const sample = () => {
  const now = treeRss(child.pid);
  if (now.kib > peak.kib) peak = now;
};
const timer = setInterval(sample, 200);
child.on('exit', (code, signal) => {
  clearInterval(timer);
  process.stderr.write(`TREE_RSS ${peak.kib} ${peak.count}\n`);
  if (signal) process.kill(process.pid, signal);
  process.exitCode = code ?? 1;
});
