import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from '../../../src/parse/front-matter.js';

describe('splitFrontMatter', () => {
  it('keeps the line and column of each field', () => {
    const split = splitFrontMatter('---\ntitle: Hello\ndate: 2026-01-02\n---\n\nBody\n', 'content/en/blog/a.md');
    expect(split.diagnostics).toEqual([]);
    expect(split.frontMatter?.value).toEqual({ title: 'Hello', date: '2026-01-02' });
    expect(split.frontMatter?.positionOf(['date'])).toEqual({ line: 3, column: 7 });
    expect(split.bodyLineOffset).toBe(4);
  });

  it('refuses JavaScript front matter instead of running it', () => {
    (globalThis as { pwned?: boolean }).pwned = false;
    const split = splitFrontMatter('---js\n{ title: (globalThis.pwned = true, "x") }\n---\nBody', 'content/en/blog/a.md');
    expect((globalThis as { pwned?: boolean }).pwned).toBe(false);
    expect(split.frontMatter).toBeUndefined();
    expect(split.diagnostics).toMatchObject([{ code: 'FRONT_MATTER_ENGINE', file: 'content/en/blog/a.md', position: { line: 1, column: 4 } }]);
    expect(split.diagnostics[0]!.message).toContain('"js"');
  });

  it('reports a YAML syntax error at its line and column with a code frame', () => {
    const split = splitFrontMatter('---\ntitle: Hi\ntags: [a, b\n---\nBody', 'x.md');
    expect(split.diagnostics[0]).toMatchObject({ code: 'YAML_SYNTAX', file: 'x.md' });
    expect(split.diagnostics[0]!.position!.line).toBeGreaterThanOrEqual(3);
    expect(split.diagnostics[0]!.frame).toContain('tags: [a, b');
  });

  it('says so when a file has no front matter', () => {
    expect(splitFrontMatter('# Just markdown\n', 'x.md').diagnostics).toMatchObject([{ code: 'FRONT_MATTER_MISSING', position: { line: 1, column: 1 } }]);
  });

  it('does not turn YAML tags into objects or dates', () => {
    const split = splitFrontMatter('---\ndate: 2026-01-02\nx: !!js/function "function(){}"\n---\n', 'x.md');
    // YAML 1.2 core schema: an unknown tag leaves a plain string, and dates stay strings.
    const value = split.frontMatter?.value as { date: unknown; x: unknown };
    expect(typeof value.x).toBe('string');
    expect(value.date).toBe('2026-01-02');
  });
});
