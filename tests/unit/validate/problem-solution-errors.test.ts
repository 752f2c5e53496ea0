import { describe, expect, it } from 'vitest';
import { baseFiles, buildFixture, errorsOf, problemSolutionPage } from '../../helpers/fixture.js';

/**
 * Issue 20: the fields that give use-case and solution pages their structure, and the tables of the
 * comparison and the footer, are checked with errors that name the file, line and column.
 */
const at = (d: { code: string; file?: string; position?: { line: number; column: number }; message: string }) => `${d.code} ${d.file}:${d.position?.line}:${d.position?.column} ${d.message}`;

describe('problem-solution fields', () => {
  it('names an unknown or repeated feature at its place in the list, with the closest feature', async () => {
    const result = await buildFixture({
      ...baseFiles(),
      'content/en/use-cases/traffic.md': problemSolutionPage('Traffic', 'Body.\n', { features: ['synchronizr', 'teamwork', 'teamwork'] }),
    });
    expect(result.ok).toBe(false);
    expect(errorsOf(result).map(at)).toEqual([
      'FIELD_INVALID content/en/use-cases/traffic.md:5:12 "features[0]": unknown feature "synchronizr", did you mean "synchronizer"?',
      'FIELD_INVALID content/en/use-cases/traffic.md:5:35 "features[2]": "teamwork" is named twice',
    ]);
    expect(errorsOf(result)[0]!.frame).toContain('features: [synchronizr, teamwork, teamwork]');
  });

  it('requires the problem and at least one feature', async () => {
    const noProblem = problemSolutionPage('Amazon').replace(/^problem: .*\n/m, '');
    const result = await buildFixture({
      ...baseFiles(),
      'content/en/solutions/amazon.md': noProblem,
      'content/en/solutions/discord.md': problemSolutionPage('Discord', 'Body.\n', { features: [] }),
    });
    expect(errorsOf(result).map(at)).toEqual([
      'FIELD_MISSING content/en/solutions/amazon.md:1:1 missing required field "problem"',
      'FIELD_INVALID content/en/solutions/discord.md:5:11 "features": must name at least one feature of data/features.yaml',
    ]);
  });

  it('refuses body headings above ### and headings that skip a level, at their line', async () => {
    const result = await buildFixture({
      ...baseFiles(),
      'content/en/use-cases/traffic.md': problemSolutionPage('Traffic', 'Intro.\n\n## A typical workflow\n\n- one\n\n### Steps\n\n##### Detail\n'),
    });
    expect(errorsOf(result).map(at)).toEqual([
      'HEADING_LEVEL content/en/use-cases/traffic.md:10:1 heading "A typical workflow" is a level 2 heading: the body of a use-case page is its "How PolyBrowser helps" part, under an h2, so its headings start at ### (h3)',
      'HEADING_LEVEL content/en/use-cases/traffic.md:16:1 heading "Detail" (#####) skips a level after a level 3 heading: write it as ####',
    ]);
    expect(errorsOf(result)[0]!.hint).toContain('docs/content.md#use-case-and-solution-pages');
  });
});

describe('comparison and footer tables', () => {
  it('names a value the comparison table does not know, with the closest one, at its row', async () => {
    const files = baseFiles();
    files['content/data/alternatives.yaml'] = files['content/data/alternatives.yaml']!
      .replace('mobile: "yes", api: paid-plans, synchronizer: limited', 'mobile: maybe, api: paid-plans, synchronizer: limitted');
    const result = await buildFixture(files);
    const errors = errorsOf(result).map(at);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^DATA_INVALID content\/data\/alternatives\.yaml:\d+:\d+ "competitors\[0\]\.compare\.mobile": unknown value "maybe" \(one of: yes, limited, paid-plans, no\)$/);
    expect(errors[1]).toMatch(/"competitors\[0\]\.compare\.synchronizer": unknown value "limitted", did you mean "limited"\?/);
  });

  it('names a footer group placed anywhere but in the columns or the bottom line', async () => {
    const files = baseFiles();
    files['content/data/footer.yaml'] = files['content/data/footer.yaml']!.replace('  place: bottom', '  place: botom');
    const result = await buildFixture(files);
    expect(errorsOf(result).map(at)).toEqual([expect.stringMatching(/^DATA_INVALID content\/data\/footer\.yaml:\d+:10 "\[3\]\.place": unknown value "botom", did you mean "bottom"\? \(one of: columns, bottom\)$/)]);
  });
});
