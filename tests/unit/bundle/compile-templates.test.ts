import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileTemplates } from '../../../src/bundle/compile-templates.js';

const repo = resolve(import.meta.dirname, '../../..');
const elsewhere = mkdtempSync(join(tmpdir(), 'sitegen-templates-'));
afterAll(() => rmSync(elsewhere, { recursive: true, force: true }));

describe('compileTemplates', () => {
  // The build id (and so every page) includes this hash: a project laid out elsewhere, with sitegen's
  // sources reached through a symlink as the benchmark corpus does, must get the same pages.
  it('gives the same code hash wherever the project and the sources it imports lie', async () => {
    for (const folder of ['templates', 'client']) cpSync(join(repo, folder), join(elsewhere, folder), { recursive: true });
    for (const folder of ['src', 'node_modules']) symlinkSync(join(repo, folder), join(elsewhere, folder));
    const [here, there] = await Promise.all([compileTemplates(repo), compileTemplates(elsewhere)]);
    expect(there.codeHash).toBe(here.codeHash);
  });
});
