import { describe, expect, it } from 'vitest';
import { baseFiles, buildFixture, errorsOf } from '../../helpers/fixture.js';

/** What a writer reads: code, place and message of each error. */
async function errorsWith(edit: (files: Record<string, string>) => void): Promise<string[]> {
  const files = baseFiles();
  edit(files);
  const result = await buildFixture(files);
  return errorsOf(result).map((d) => `${d.code} ${d.file}:${d.position?.line}:${d.position?.column} ${d.message}`);
}

const PRICING = 'content/data/pricing.yaml';
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

describe('pricing.yaml: what its schema cannot say, said at the place to change', () => {
  it('names a comparison row that leaves out a plan, or names one that does not exist', async () => {
    let text = '';
    const errors = await errorsWith((files) => {
      text = files[PRICING] = files[PRICING]!
        .replace('  - id: sso\n    plans: {free: false, base: false, team: false, enterprise: true}', '  - id: sso\n    plans: {free: false, base: false, teams: false, enterprise: true}');
    });
    const line = lineOf(text, 'teams: false');
    expect(errors).toEqual([
      `DATA_INVALID ${PRICING}:${line}:12 the comparison row "sso" has no value for the plan "team": add team: true, false or a level`,
      `DATA_INVALID ${PRICING}:${line}:39 the comparison row "sso" names the plan "teams", which plans does not list, did you mean "team"?`,
    ]);
  });

  it('names a row listed twice', async () => {
    let text = '';
    const errors = await errorsWith((files) => {
      text = files[PRICING] = `${files[PRICING]!}  - id: rpa\n    plans: {free: false, base: false, team: true, enterprise: true}\n`;
    });
    expect(errors).toEqual([`DATA_INVALID ${PRICING}:${text.split('\n').length - 2}:9 the comparison row "rpa" is listed twice: give each row its own id`]);
  });

  it('names a row without a name and a level without words in the source messages', async () => {
    let text = '';
    const errors = await errorsWith((files) => {
      text = files[PRICING] = `${files[PRICING]!}  - id: antidetect-ai\n    plans: {free: false, base: false, team: basic, enterprise: true}\n`;
    });
    const line = text.split('\n').length - 2;
    expect(errors).toEqual([
      `DATA_INVALID ${PRICING}:${line}:9 the comparison row "antidetect-ai" has no name: add pricingPage.feature.antidetect-ai to content/messages/en.yaml`,
      `DATA_INVALID ${PRICING}:${line + 1}:45 the level "basic" has no words: add pricingPage.level.basic to content/messages/en.yaml, or write true or false`,
    ]);
  });

  it('refuses a plan free in some currencies only: the page would list a zero price', async () => {
    let text = '';
    const errors = await errorsWith((files) => {
      text = files[PRICING] = files[PRICING]!.replace('prices: {USD: 0, BRL: 0, PLN: 0, VND: 0}', 'prices: {USD: 0, BRL: 5, PLN: 0, VND: 0}');
    });
    expect(errors).toEqual([
      `DATA_INVALID ${PRICING}:${lineOf(text, 'BRL: 5')}:19 the plan "free" costs 0 in USD, PLN, VND only: a free plan costs 0 in every currency, a paid plan more than 0 in each`,
    ]);
  });

  it('refuses an FAQ entry with an unknown topic', async () => {
    const errors = await errorsWith((files) => {
      files['content/faq/en.yaml'] = '- q: Is there a free plan?\n  a: Yes.\n  topic: pricng\n';
    });
    expect(errors).toEqual([expect.stringMatching(/^DATA_INVALID content\/faq\/en\.yaml:3:10 "\[0\]\.topic": unknown value "pricng", did you mean "pricing"\?/)]);
  });
});
