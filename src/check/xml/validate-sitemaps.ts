import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { memoryPages, validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { sitegenRoot } from '../../fs/sitegen-root.js';
import type { CheckCode } from '../../errors/catalogue.js';
import type { Finding } from '../finding.js';
import { SITEMAP_NS, XHTML_NS, type SitemapFile } from './sitemap-files.js';
import type { XmlElement } from './xml-scan.js';

/**
 * Sitemap validation against the sitemaps.org schemas shipped in src/check/schemas (an index
 * against siteindex.xsd; a urlset against sitemap.xsd with the xhtml:link schema, combined by
 * urlset.xsd), with xmllint (libxml2 as WebAssembly). xmllint reports lines only; the column is
 * that of the element (or attribute) the message names, found on that line in document order.
 */
const SCHEMA_NAMES = ['siteindex.xsd', 'sitemap.xsd', 'urlset.xsd', 'xhtml-link.xsd'] as const;
type SchemaName = (typeof SCHEMA_NAMES)[number];

let schemas: Promise<Record<SchemaName, XMLFileInfo>> | undefined;

/** The shipped XSD files, read once per process (from sitegen's own folder, also when bundled). */
export function sitemapSchemas(): Promise<Record<SchemaName, XMLFileInfo>> {
  schemas ??= (async () => {
    const dir = join(sitegenRoot(), 'src/check/schemas');
    const entries = await Promise.all(SCHEMA_NAMES.map(async (name) => [name, { fileName: name, contents: await readFile(join(dir, name), 'utf8') }] as const));
    return Object.fromEntries(entries) as Record<SchemaName, XMLFileInfo>;
  })();
  schemas.catch(() => {
    schemas = undefined; // let a later call retry
  });
  return schemas;
}

export async function validateSitemaps(files: readonly SitemapFile[], code: CheckCode): Promise<Finding[]> {
  const xsd = await sitemapSchemas();
  const indexes = files.filter((f) => f.kind === 'index');
  const urlsets = files.filter((f) => f.kind === 'urlset');
  const [a, b] = await Promise.all([
    validateGroup(indexes, { schema: [xsd['siteindex.xsd']] }, code),
    validateGroup(urlsets, { schema: [xsd['urlset.xsd']], preload: [xsd['sitemap.xsd'], xsd['xhtml-link.xsd']] }, code),
  ]);
  return [...a, ...b];
}

async function validateGroup(files: readonly SitemapFile[], schema: { schema: XMLFileInfo[]; preload?: XMLFileInfo[] }, code: CheckCode): Promise<Finding[]> {
  if (files.length === 0) return [];
  // Neutral names: output paths may hold characters xmllint's command line would trip on.
  const nameOf = (i: number) => `sitemap-${i}.xml`;
  const totalBytes = files.reduce((sum, f) => sum + f.text.length * 3, 0);
  const result = await validateXML({
    xml: files.map((f, i) => ({ fileName: nameOf(i), contents: f.text })),
    ...schema,
    // libxml2 keeps each tree in memory: allow well past the 50 MB a sitemap may have.
    maxMemoryPages: Math.min(memoryPages.max, Math.max(memoryPages.defaultMaxMemoryPages, Math.ceil((totalBytes * 4) / 65536) + memoryPages.defaultMaxMemoryPages)),
  });
  if (result.valid) return [];

  const findings: Finding[] = [];
  const locators = files.map((f) => new ElementLocator(f));
  const reported = new Set<number>();
  const lines = result.rawOutput.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^sitemap-(\d+)\.xml:(\d+): (.*)$/.exec(lines[i]!);
    if (!match) continue;
    const index = Number(match[1]);
    const file = files[index];
    const locator = locators[index];
    if (!file || !locator) continue;
    const line = Number(match[2]);
    const raw = match[3]!;
    reported.add(index);
    const schemaError = /Schemas validity (?:error|warning) : (.*)$/.exec(raw);
    if (schemaError) {
      const message = schemaError[1]!;
      findings.push({ code, severity: 'error', file: file.file, line, column: locator.column(line, message), message: readable(message) });
      continue;
    }
    // Parser errors: the next lines are the context and a caret under the error's position.
    let column = 1;
    const context = lines[i + 1];
    const caret = lines[i + 2];
    if (context !== undefined && caret !== undefined && /^\s*\^\s*$/.test(caret)) {
      const sourceLine = file.text.split('\n')[line - 1] ?? '';
      const at = sourceLine.indexOf(context);
      if (at !== -1) column = at + caret.indexOf('^') + 1;
      i += 2;
    }
    findings.push({ code, severity: 'error', file: file.file, line, column, message: `not well-formed XML: ${raw.replace(/^.*?error : /, '').trim()}` });
  }
  // A file xmllint rejected without saying where (out of memory, say) still gets a finding.
  files.forEach((file, i) => {
    if (!reported.has(i) && result.rawOutput.includes(`${nameOf(i)} fails to validate`)) {
      findings.push({ code, severity: 'error', file: file.file, line: 1, column: 1, message: `does not validate against the sitemaps.org schema (xmllint: ${result.rawOutput.trim().split('\n')[0]})` });
    }
  });
  return findings;
}

function readable(message: string): string {
  return message
    .replaceAll(`{${SITEMAP_NS}}`, '')
    .replaceAll(`{${XHTML_NS}}`, 'xhtml:')
    .replace(/\s+$/, '');
}

/** Finds the element an xmllint message names, on the line it gives, in document order. */
class ElementLocator {
  private readonly byName = new Map<string, { element: XmlElement; line: number; column: number }[]>();
  private readonly cursor = new Map<string, number>();

  constructor(private readonly file: SitemapFile) {
    for (const element of file.doc.elements) {
      const key = `{${element.ns}}${element.local}`;
      let list = this.byName.get(key);
      if (!list) this.byName.set(key, (list = []));
      list.push({ element, ...file.position(element.offset) });
    }
  }

  column(line: number, message: string): number {
    const named = /^Element '([^']+)'(?:, attribute '([^']+)')?: ?(.*)$/.exec(message);
    if (!named) return 1;
    const key = named[1]!.startsWith('{') ? named[1]! : `{}${named[1]}`;
    const attributeName = named[2];
    const value = /^'(.*)' is not a valid value/.exec(named[3]!)?.[1] ?? /The value '(.*?)'/.exec(named[3]!)?.[1];
    const list = this.byName.get(key) ?? [];
    let start = this.cursor.get(key) ?? 0;
    while (start < list.length && list[start]!.line < line) start++;
    let chosen = -1;
    for (let i = start; i < list.length && list[i]!.line === line; i++) {
      if (chosen === -1) chosen = i;
      if (value === undefined) break;
      const element = list[i]!.element;
      const actual = attributeName ? attributeNamed(element, attributeName)?.value : element.text.trim();
      if (actual === value) {
        chosen = i;
        break;
      }
    }
    if (chosen === -1) return 1;
    this.cursor.set(key, chosen);
    const { element, column } = list[chosen]!;
    const attribute = attributeName ? attributeNamed(element, attributeName) : undefined;
    return attribute ? this.file.position(attribute.offset).column : column;
  }
}

/** An attribute by the local name xmllint gives (it may carry a prefix in the file). */
function attributeNamed(element: XmlElement, local: string) {
  return element.attributes.find((a) => a.name === local || a.name.endsWith(`:${local}`));
}
