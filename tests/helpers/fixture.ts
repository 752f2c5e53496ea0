import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { build, type BuildResult } from '../../src/build.js';
import { memorySourceFs } from '../../src/fs/source-fs.js';
import { makeArticle } from '../bench/corpus.mjs';

export const ROOT = resolve(import.meta.dirname, '../..');

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/**
 * The smallest valid site: the real configuration, data tables and English messages, the site's
 * icon (icons.source), the product illustrations the features table names, and no pages beyond
 * what tests add. Tests pass only the files that show the behaviour they check.
 */
export function baseFiles(): Record<string, string> {
  const files: Record<string, string> = { 'content/site.yaml': read('content/site.yaml'), 'content/messages/en.yaml': read('content/messages/en.yaml'), 'content/public/favicon.svg': read('content/public/favicon.svg') };
  for (const name of readdirSync(join(ROOT, 'content/data'))) files[`content/data/${name}`] = read(`content/data/${name}`);
  for (const name of readdirSync(join(ROOT, ILLUSTRATIONS))) files[`${ILLUSTRATIONS}/${name}`] = read(`${ILLUSTRATIONS}/${name}`);
  return files;
}

const ILLUSTRATIONS = 'content/public/images/illustrations';

/** The sample site's public files (favicon, banner, QR and article images), as bytes. */
export function publicFiles(): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const e of readdirSync(join(ROOT, 'content/public'), { recursive: true, withFileTypes: true })) {
    if (e.isFile()) files[relative(ROOT, join(e.parentPath, e.name))] = new Uint8Array(readFileSync(join(e.parentPath, e.name)));
  }
  return files;
}

/** A Markdown file with front matter built from `fields` (values written as YAML scalars or flow lists). */
export function markdown(fields: Record<string, string | number | string[]>, body = 'Some text.\n'): string {
  const lines = Object.entries(fields).map(([key, value]) =>
    Array.isArray(value) ? `${key}: [${value.join(', ')}]` : `${key}: ${typeof value === 'string' && /[:#]/.test(value) ? JSON.stringify(value) : value}`);
  return `---\n${lines.join('\n')}\n---\n\n${body}`;
}

export function blogPost(overrides: Record<string, string | number | string[]> = {}, body?: string): string {
  return markdown({ title: 'A post', description: 'About things.', date: '2026-03-01', author: 'Team', category: 'tutorials', tags: ['proxy'], ...overrides }, body);
}

/** The sample site's configuration, data and public files with `count` English articles of the benchmark's corpus (tests/bench/corpus.mjs). */
export function siteWithArticles(count: number): Record<string, string | Uint8Array> {
  const files: Record<string, string | Uint8Array> = { ...baseFiles(), ...publicFiles() };
  for (let i = 1; i <= count; i++) {
    const a = makeArticle('en', i, count);
    files[`content/en/blog/${a.id}.md`] = blogPost({ title: a.title, description: a.description, date: a.date, category: a.category, tags: a.tags }, a.body);
  }
  return files;
}

/** The path of the i-th English article of siteWithArticles, in name order. */
export const articleOf = (files: Record<string, unknown>, i: number): string => Object.keys(files).filter((p) => p.startsWith('content/en/blog/')).sort()[i]!;

export function simplePage(title = 'A page', body?: string): string {
  return markdown({ title, description: `${title} description.` }, body);
}

/** A use-case or solution page: those take the problem and the features used besides title and description. */
export function problemSolutionPage(title = 'A use case', body = 'PolyBrowser helps.\n', fields: Record<string, string | string[]> = {}): string {
  return markdown({ title, description: `${title} description.`, problem: `Why ${title} is hard.`, features: ['teamwork'], ...fields }, body);
}

export async function buildFixture(files: Record<string, string | Uint8Array>, options: { pageSize?: number; cacheDir?: string } = {}): Promise<BuildResult> {
  const all = { ...files };
  if (options.pageSize) all['content/site.yaml'] = (all['content/site.yaml'] as string).replace(/^pageSize: \d+$/m, `pageSize: ${options.pageSize}`);
  // A test that names a cache folder is about the cache: its builds fill it (write: false alone writes nothing).
  return build({ root: ROOT, fs: memorySourceFs(all), write: false, minify: true, cacheDir: options.cacheDir, cacheWrites: options.cacheDir !== undefined });
}

/**
 * A project on disk in a new temporary folder, for what runs on real files (the CLI, sitegen dev):
 * `files`, copies of templates/ and client/ (tests may edit them), sitegen's code and packages linked.
 */
export function projectOnDisk(files: Record<string, string | Uint8Array>, prefix = 'sitegen-project-'): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
  for (const folder of ['templates', 'client']) cpSync(join(ROOT, folder), join(root, folder), { recursive: true });
  for (const folder of ['src', 'node_modules']) symlinkSync(join(ROOT, folder), join(root, folder));
  cpSync(join(ROOT, 'package-lock.json'), join(root, 'package-lock.json'));
  return root;
}

/** The output paths whose bytes differ between two builds, or that only one of them has. */
export function outputDifferences(a: BuildResult, b: BuildResult): string[] {
  const paths = new Set([...a.output.keys(), ...b.output.keys()]);
  return [...paths].filter((p) => Buffer.compare(Buffer.from(a.output.get(p) ?? []), Buffer.from(b.output.get(p) ?? [])) !== 0);
}

export function htmlAt(result: BuildResult, path: string): string {
  const bytes = result.output.get(path);
  if (!bytes) throw new Error(`no output at ${path}; have e.g. ${[...result.output.keys()].filter((k) => k.endsWith('.html')).slice(0, 5).join(', ')}`);
  return new TextDecoder().decode(bytes);
}

export const MAIN = 'www.polybrowser.example';
export const ZH = 'www.polybrowser-cn.example';
export const RU = 'www.polybrowser-ru.example';

export function errorsOf(result: BuildResult) {
  return result.diagnostics.filter((d) => d.severity === 'error');
}

/** A build's output written to a new temporary folder, as `sitegen build` writes dist/. */
export function outputOnDisk(output: ReadonlyMap<string, Uint8Array>, prefix = 'sitegen-dist-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const [path, bytes] of output) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
  return dir;
}
