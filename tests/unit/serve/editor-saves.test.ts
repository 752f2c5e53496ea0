import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev, type DevServer } from '../../../src/serve/dev-server.js';
import { baseFiles, blogPost, projectOnDisk, publicFiles } from '../../helpers/fixture.js';

/**
 * `sitegen dev` starts a content save's rebuild on its first file event (dev-server.ts), so it must
 * take the file events of a real editor's save, whichever way the editor writes, for one edit of the
 * body: the page served with the new text, rendered alone. Vim is the editor (.ci/run installs it):
 * with `backupcopy=yes` it writes the file in place, with `backupcopy=no` it renames the old file
 * away and writes a new one, as JetBrains' "safe write" does.
 */
let project: string;
let dev: DevServer;
const log: string[] = [];

beforeAll(async () => {
  project = projectOnDisk({ ...baseFiles(), ...publicFiles(), 'content/en/blog/hello.md': blogPost({ title: 'Hello' }, 'Intro.\n\nThe first version.\n') }, 'sitegen-editor-');
  dev = await startDev({ root: project, jobs: 1, port: 0, cacheDir: join(project, '.cache'), log: (line) => log.push(line) });
});
afterAll(async () => {
  await dev?.close();
  rmSync(project, { recursive: true, force: true });
});

describe('sitegen dev takes saves made by a real editor', () => {
  const ways = [['in place', 'backupcopy=yes'], ['renaming the old file away', 'backupcopy=no writebackup nobackup']] as const;
  for (const [way, settings] of ways) {
    it(`vim saving ${way}: one edit of the body, the page served with it`, async () => {
      const before = log.length;
      const marker = `Saved by vim ${way}.`;
      // -u NONE: no vimrc; -es: no terminal; the marker appended to the last line, then written and quit.
      const vim = spawnSync('vim', ['-u', 'NONE', '-N', '-n', '-es', '-c', `set ${settings}`, '-c', `$s/$/ ${marker}/`, '-c', 'wq', join(project, 'content/en/blog/hello.md')], { encoding: 'utf8' });
      expect(vim.error).toBeUndefined();
      expect(vim.status).toBe(0);
      await expect.poll(async () => (await fetch(`${dev.url}/blog/hello`)).text()).toContain(marker);
      // The first build after the save took its body alone: not a full build of a file it found gone or empty.
      expect(log[before]).toMatch(/^built in \d+ ms \(1 of \d+ pages rendered\)$/);
    });
  }
});
