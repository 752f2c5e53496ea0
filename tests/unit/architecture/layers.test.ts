import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script (scripts/import-graph.mjs), shared with the command line
import { importGraph } from '../../../scripts/import-graph.mjs';

interface Violation { rule: { name: string }; from: string; to: string }
interface Graph { folders: string[]; back: Violation[]; circles: Violation[]; folderCircles: string[][] }

const scratch = mkdtempSync(join(tmpdir(), 'sitegen-layers-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(scratch, 'tree-'));
  for (const [path, text] of Object.entries({ 'tsconfig.json': '{ "compilerOptions": { "module": "nodenext", "strict": true } }', ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('the direction of the code (.dependency-cruiser.cjs)', () => {
  it('holds for sitegen: every folder placed, no import runs back up the layers, no circle', async () => {
    const graph = (await importGraph()) as Graph;
    expect(graph.back.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
    expect(graph.circles.map((v) => `${v.from} -> ${v.to}`)).toEqual([]);
    expect(graph.folderCircles).toEqual([]);
    expect(graph.folders).toEqual(expect.arrayContaining(['model', 'load', 'parse', 'validate', 'route', 'bundle', 'render', 'emit', 'incremental']));
  });

  it('fails on a back arrow, a circle, an unplaced folder, server code importing browser code, and browser code importing a stage', async () => {
    const graph = (await importGraph(tree({
      'src/render/page.ts': "import { key } from '../incremental/keys.js';\nexport const page = key;\n",
      'src/incremental/keys.ts': 'export const key = 1;\n',
      'src/route/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'src/route/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
      'src/model/page.ts': "import { a } from '../route/a.js';\nexport const x = a;\n",
      'src/stray/thing.ts': "import { key } from '../incremental/keys.js';\nexport const t = key;\n",
      'src/edge/cookie.ts': "import { c } from '../../client/cookies.js';\nexport const d = c;\n",
      'client/cookies.ts': "import { page } from '../src/render/page.js';\nexport const c = page;\n",
    }))) as Graph;
    const rules = graph.back.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
    expect(rules).toEqual(expect.arrayContaining([
      'no-back-arrow-from-render: src/render/page.ts -> src/incremental/keys.ts',
      'floor-imports-floor: src/model/page.ts -> src/route/a.ts',
      'unplaced-folder: src/stray/thing.ts -> src/incremental/keys.ts',
      'server-code-imports-no-browser-code: src/edge/cookie.ts -> client/cookies.ts',
      'browser-code-imports-only-the-contract: client/cookies.ts -> src/render/page.ts',
    ]));
    expect(graph.circles.length).toBeGreaterThan(0);
  });
});
