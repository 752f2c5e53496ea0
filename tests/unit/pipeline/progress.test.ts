import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Stage } from '../../../src/build.js';
import { baseFiles, blogPost, projectOnDisk } from '../../helpers/fixture.js';

const root = projectOnDisk({ ...baseFiles(), 'content/en/blog/one.md': blogPost({ title: 'One' }), 'content/en/blog/two.md': blogPost({ title: 'Two' }) }, 'sitegen-stage-progress-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('stage progress (BuildOptions.onProgress)', () => {
  it('counts Markdown bodies in parse, social images in social, pages in render and search, and files in emit, up to the totals the build reports', async () => {
    const events: { stage: Stage; done: number; total: number }[] = [];
    const result = await build({ root, jobs: 1, cacheDir: join(root, '.cache'), onProgress: (stage, done, total) => events.push({ stage, done, total }) });
    expect(result.ok).toBe(true);
    const of = (stage: Stage) => events.filter((e) => e.stage === stage);
    expect(new Set(events.map((e) => e.stage))).toEqual(new Set(['parse', 'social', 'render', 'search', 'emit']));
    for (const stage of ['parse', 'social', 'render', 'search', 'emit'] as const) {
      const list = of(stage);
      // Counts only go up, never past their total, and end at it.
      list.forEach((e, i) => expect(e.done).toBeGreaterThanOrEqual(i ? list[i - 1]!.done : 0));
      expect(list.every((e) => e.done <= e.total)).toBe(true);
      expect(list.at(-1)!.done, stage).toBe(list.at(-1)!.total);
    }
    // The stages come in pipeline order.
    expect(events.map((e) => e.stage).filter((s, i, all) => s !== all[i - 1])).toEqual(['parse', 'social', 'render', 'search', 'emit']);
    expect(of('parse').at(-1)!.total).toBe(result.markdown!.bodies);
    expect(of('social').at(-1)!.total).toBe(result.social!.images);
    expect(of('render').at(-1)!.total).toBe(result.pages.length);
    expect(of('search').at(-1)!.total).toBe(result.pages.filter((p) => p.indexable).length);
    expect(of('emit').at(-1)!.total).toBe(result.outputCounts!.files);
  });
});
