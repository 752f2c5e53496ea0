import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../src/errors/yaml-document.js';

/** Calls `then` with about `frames` frames of stack already in use (a build calls parseYaml from some depth). */
function withStackUsed(frames: number, then: () => void): number {
  if (frames > 0) return withStackUsed(frames - 1, then) + 1;
  then();
  return 0;
}

describe('YAML nested so deep that the parser runs out of stack', () => {
  it('is one YAML_LIMIT error at its place, however much stack the caller had used', () => {
    const text = `title: Deep\nx: ${'['.repeat(20000)}${']'.repeat(20000)}\n`;
    const reports = new Set<string>();
    // The parser catches the overflow at the level it happens; with more or less stack left (and
    // frames of another size once the code is optimised) the level above may catch one more.
    for (let frames = 0; frames < 8000; frames += 97) {
      withStackUsed(frames, () => {
        const { yaml, diagnostics } = parseYaml(text, 'content/data/deep.yaml');
        expect(yaml).toBeUndefined();
        reports.add(JSON.stringify(diagnostics.map((d) => [d.code, d.position?.line, d.message])));
      });
    }
    expect([...reports].map((r) => JSON.parse(r))).toEqual([[['YAML_LIMIT', 2, expect.stringMatching(/^values nested more than 32 levels deep/)]]]);
  });
});
