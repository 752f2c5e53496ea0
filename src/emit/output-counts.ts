import { sizeOf, type OutputBytes } from '../model/output-file.js';
import { HOST_CONFIG_FILES } from '../model/host-config-files.js';
import { LOCALES } from '../model/locale-table.js';
import type { Page } from '../model/page.js';

/** Pages by locale and by host, as the build summary prints them. */
export interface PageCounts {
  total: number;
  perLocale: Record<string, number>;
  perHost: Record<string, number>;
}

/** Output files and bytes, in all and by kind. */
export interface OutputCounts {
  files: number;
  bytes: number;
  byKind: Record<string, { files: number; bytes: number }>;
}

export function countPages(pages: readonly Pick<Page, 'locale' | 'host'>[]): PageCounts {
  const perLocale: Record<string, number> = Object.fromEntries(LOCALES.map((l) => [l.code, 0]));
  const perHost: Record<string, number> = {};
  for (const page of pages) {
    perLocale[page.locale] = (perLocale[page.locale] ?? 0) + 1;
    perHost[page.host] = (perHost[page.host] ?? 0) + 1;
  }
  return { total: pages.length, perLocale, perHost };
}

export function countOutput(output: ReadonlyMap<string, OutputBytes>): OutputCounts {
  const byKind: Record<string, { files: number; bytes: number }> = {};
  let bytes = 0;
  for (const [path, contents] of output) {
    const slot = (byKind[kindOf(path)] ??= { files: 0, bytes: 0 });
    slot.files++;
    const size = sizeOf(contents);
    slot.bytes += size;
    bytes += size;
  }
  return { files: output.size, bytes, byKind };
}

function kindOf(path: string): string {
  // The Vercel output repeats the site under static/: counted apart so the site's sizes stay true.
  if (path.startsWith('.vercel/')) return 'vercel output';
  if (path === 'nginx.conf' || path.startsWith('netlify/') || HOST_CONFIG_FILES.includes(path.slice(path.lastIndexOf('/') + 1))) return 'hosting';
  if (path.endsWith('.html')) return 'html';
  if (path.endsWith('.xml')) return 'sitemaps';
  if (path.endsWith('.js')) return 'js';
  if (path.endsWith('.css')) return 'css';
  if (path.endsWith('.json')) return 'json';
  return 'other';
}
