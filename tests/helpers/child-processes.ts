import { readdirSync, readFileSync } from 'node:fs';

/** The processes this one started whose command line holds `command`, from the system's own process table. */
export function childProcesses(command: string): number[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).flatMap((name) => {
    try {
      // The parent's id is the second field after the command's name, which is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return parent === process.pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(command) ? [Number(name)] : [];
    } catch {
      return []; // ended while listed
    }
  });
}
