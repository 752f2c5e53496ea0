import { describe, expect, it } from 'vitest';
import { baseFiles, buildFixture, errorsOf } from '../../helpers/fixture.js';

describe('a feature\'s illustration (features.yaml art)', () => {
  it('is an error at its row when no image or no alt text has that name', async () => {
    const files = baseFiles();
    files['content/data/features.yaml'] = files['content/data/features.yaml']!.replace('art: automation', 'art: automaton');
    const result = await buildFixture(files);
    expect(result.ok).toBe(false);
    expect(errorsOf(result).map((d) => ({ code: d.code, at: `${d.file}:${d.position?.line}:${d.position?.column}`, message: d.message }))).toEqual([{
      code: 'DATA_INVALID', at: 'content/data/features.yaml:12:8',
      message: 'art "automaton" of feature rpa has no image /images/illustrations/automaton.svg under public/ and no alt text look.art.automaton in messages/en.yaml',
    }]);
    expect(errorsOf(result)[0]!.frame).toContain('art: automaton');
  });
});
