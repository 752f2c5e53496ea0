import { getLocale, SOURCE_LOCALE, type LocaleCode } from '../model/locale-table.js';
import type { Translate } from '../model/page-props.js';

/**
 * A message lookup for one locale: the locale's text, else the source locale's (the build has
 * already warned about the missing key), else the key itself, recorded in `unknown` so the build
 * can report a template that asks for a key no messages file has.
 *
 * A numeric `count` parameter selects a plural form: `key.one`, `key.few`, … by the language's
 * plural rules (Intl.PluralRules), then `key.other`, then a plain `key` (for languages whose
 * wording needs no plural, such as "Участников команды: {n}").
 */
export function makeTranslator(messages: Map<LocaleCode, Map<string, string>>, locale: LocaleCode, unknown: Set<string>): Translate {
  const own = messages.get(locale);
  const source = messages.get(SOURCE_LOCALE);
  const plurals = pluralRulesOf(locale);
  const sourcePlurals = pluralRulesOf(SOURCE_LOCALE);
  const lookup = (table: Map<string, string> | undefined, rules: Intl.PluralRules, key: string, count: unknown) => {
    if (!table) return undefined;
    if (typeof count === 'number') return table.get(`${key}.${rules.select(count)}`) ?? table.get(`${key}.other`) ?? table.get(key);
    return table.get(key);
  };
  return (key, params) => {
    const text = lookup(own, plurals, key, params?.count) ?? lookup(source, sourcePlurals, key, params?.count);
    if (text === undefined) {
      unknown.add(key);
      return key;
    }
    return params ? text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match)) : text;
  };
}

const pluralRules = new Map<LocaleCode, Intl.PluralRules>();

/** One PluralRules per locale for the whole build: a translator is made for every page. */
function pluralRulesOf(locale: LocaleCode): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(getLocale(locale).hreflang)));
  return rules;
}
