import { codeFrame } from '../errors/code-frame.js';
import { didYouMean } from '../errors/did-you-mean.js';
import { diagnostic, type Diagnostic } from '../errors/site-error.js';
import type { YamlPath } from '../errors/yaml-document.js';
import { featureNameKey, levelKey, type Tables } from '../model/data-tables.js';
import type { ParsedTable } from '../parse/parse-site.js';

/**
 * What zod cannot relate in pricing.yaml: a plan is free in every currency or in none (the page
 * shows a free plan's price as one word, never a list of zeros); every comparison row gives a value
 * for every plan and names no other; no two rows share an id. Each problem is an error at its place,
 * saying what to write.
 */
export function checkPricingTable(pricing: Tables['pricing'], table: ParsedTable | undefined, diagnostics: Diagnostic[]): void {
  pricing.plans.forEach((plan, index) => {
    const prices = Object.entries(plan.prices);
    const zero = prices.filter(([, amount]) => amount === 0).map(([code]) => code);
    if (zero.length > 0 && zero.length < prices.length) {
      diagnostics.push(diagnostic('DATA_INVALID', `the plan "${plan.id}" costs 0 in ${zero.join(', ')} only: a free plan costs 0 in every currency, a paid plan more than 0 in each`, place(table, ['plans', index, 'prices', zero[0]!])));
    }
  });
  const plans = pricing.plans.map((plan) => plan.id);
  const seen = new Set<string>();
  pricing.features.forEach((row, index) => {
    const at = (path: YamlPath, key = false) => place(table, ['features', index, ...path], key);
    if (seen.has(row.id)) diagnostics.push(diagnostic('DATA_INVALID', `the comparison row "${row.id}" is listed twice: give each row its own id`, at(['id'])));
    seen.add(row.id);
    for (const plan of plans) {
      if (!Object.hasOwn(row.plans, plan)) diagnostics.push(diagnostic('DATA_INVALID', `the comparison row "${row.id}" has no value for the plan "${plan}": add ${plan}: true, false or a level`, at(['plans'])));
    }
    for (const name of Object.keys(row.plans)) {
      if (!plans.includes(name)) diagnostics.push(diagnostic('DATA_INVALID', `the comparison row "${row.id}" names the plan "${name}", which plans does not list${didYouMean(name, plans)}`, at(['plans', name], true)));
    }
  });
}

/**
 * Every word the comparison shows must exist in the source messages: a row without a name, or a
 * level without words, would show its message key to visitors. An error at the row's id or value.
 */
export function checkPricingMessages(pricing: Tables['pricing'], table: ParsedTable | undefined, source: ReadonlyMap<string, string>, messagesFile: string, diagnostics: Diagnostic[]): void {
  pricing.features.forEach((row, index) => {
    if (!source.has(featureNameKey(row.id))) {
      diagnostics.push(diagnostic('DATA_INVALID', `the comparison row "${row.id}" has no name: add ${featureNameKey(row.id)} to ${messagesFile}`, place(table, ['features', index, 'id'])));
    }
    for (const [plan, value] of Object.entries(row.plans)) {
      if (typeof value === 'string' && !source.has(levelKey(value))) {
        diagnostics.push(diagnostic('DATA_INVALID', `the level "${value}" has no words: add ${levelKey(value)} to ${messagesFile}, or write true or false`, place(table, ['features', index, 'plans', plan])));
      }
    }
  });
}

function place(table: ParsedTable | undefined, path: YamlPath, key = false): Partial<Pick<Diagnostic, 'file' | 'position' | 'frame'>> {
  if (!table) return {};
  const position = key ? table.yaml.keyPositionOf(path) : table.yaml.positionOf(path);
  return { file: table.file, position, frame: codeFrame(table.source, position) };
}
