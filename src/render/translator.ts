import { SOURCE_LOCALE, type LocaleCode } from '../locales/locale-table.js';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * A message lookup for one locale: the locale's text, else the source locale's (the build has
 * already warned about the missing key), else the key itself, recorded in `unknown` so the build
 * can report a template that asks for a key no messages file has.
 */
export function makeTranslator(messages: Map<LocaleCode, Map<string, string>>, locale: LocaleCode, unknown: Set<string>): Translate {
  const own = messages.get(locale);
  const source = messages.get(SOURCE_LOCALE);
  return (key, params) => {
    const text = own?.get(key) ?? source?.get(key);
    if (text === undefined) {
      unknown.add(key);
      return key;
    }
    return params ? text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match)) : text;
  };
}
