import { diagnostic, warning, type Diagnostic } from '../errors/site-error.js';
import { LOCALES, SOURCE_LOCALE, type LocaleCode } from '../model/locale-table.js';
import type { ParsedTable } from '../parse/parse-site.js';

/**
 * Flatten each locale's messages to `a.b.c` keys and compare them with the source locale's: a key
 * missing in a locale is a warning naming the locale and the key (the English text is used there).
 */
export function validateMessages(parsed: Map<LocaleCode, ParsedTable>, contentDir: string, unreadable: ReadonlySet<string>, diagnostics: Diagnostic[]): Map<LocaleCode, Map<string, string>> {
  const messages = new Map<LocaleCode, Map<string, string>>();
  for (const [code, table] of parsed) {
    const flat = new Map<string, string>();
    flatten(table.yaml.value, [], flat, table, diagnostics);
    messages.set(code, flat);
  }
  const source = messages.get(SOURCE_LOCALE);
  if (!source) {
    const file = `${contentDir}/messages/${SOURCE_LOCALE}.yaml`;
    if (!unreadable.has(file)) diagnostics.push(diagnostic('MESSAGE_INVALID', `the source messages file is missing`, { file }));
    return messages;
  }
  const sourceKeys = messageKeys(source);
  for (const locale of LOCALES) {
    if (locale.code === SOURCE_LOCALE) continue;
    const file = parsed.get(locale.code)?.file ?? `${contentDir}/messages/${locale.code}.yaml`;
    const own = messages.get(locale.code);
    if (!own && unreadable.has(file)) continue;
    if (!own) {
      diagnostics.push(warning('MISSING_TRANSLATION', `locale ${locale.code} has no messages file: all ${sourceKeys.size} keys fall back to English`, { file }));
      continue;
    }
    const ownKeys = messageKeys(own);
    for (const key of sourceKeys) {
      if (!ownKeys.has(key)) diagnostics.push(warning('MISSING_TRANSLATION', `locale ${locale.code} is missing key "${key}"`, { file }));
    }
    const table = parsed.get(locale.code);
    for (const key of ownKeys) {
      if (!sourceKeys.has(key)) diagnostics.push(warning('UNUSED_MESSAGE', `locale ${locale.code} has key "${key}", which ${SOURCE_LOCALE}.yaml does not`, { file, position: table?.yaml.keyPositionOf(key.split('.')) }));
    }
  }
  return messages;
}

const PLURAL_FORM = /\.(zero|one|two|few|many|other)$/;

/** Keys as translators see them: the plural forms of `a.b.one` / `a.b.other` count as one key `a.b`. */
function messageKeys(messages: Map<string, string>): Set<string> {
  return new Set([...messages.keys()].map((key) => key.replace(PLURAL_FORM, '')));
}

function flatten(value: unknown, path: string[], into: Map<string, string>, table: ParsedTable, diagnostics: Diagnostic[]): void {
  if (typeof value === 'string') {
    into.set(path.join('.'), value);
    return;
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    into.set(path.join('.'), String(value));
    return;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, [...path, key], into, table, diagnostics);
    return;
  }
  diagnostics.push(diagnostic('MESSAGE_INVALID', `"${path.join('.')}" must be a text or a group of texts`, { file: table.file, position: table.yaml.positionOf(path) }));
}
