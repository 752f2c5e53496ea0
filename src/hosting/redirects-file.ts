import { diagnostic, type Diagnostic } from '../errors/site-error.js';
import type { OutputFile } from '../model/output-file.js';
import { isSplat, type HostRules } from './static-rules.js';

/** Cloudflare Pages `_redirects` limits; rules beyond them are dropped without a word. */
export const CLOUDFLARE_LIMITS = { staticRules: 2000, dynamicRules: 100, lineLength: 1000 };

export interface RedirectsFileOptions {
  target: 'netlify' | 'cloudflare';
  /** The host's folder in dist/ (its publish directory). */
  folder: string;
  /** Netlify: locale roots whose 404.html serves unknown paths under them ('' = the host root). */
  notFoundPrefixes?: readonly string[];
}

/**
 * A `_redirects` file (one rule a line: from, to, status), the format Netlify and Cloudflare Pages
 * share. Sources are never files (the build refuses redirects that shadow pages), so Netlify's
 * `!` (force) is not needed. Netlify gets the per-locale 404 rules; Cloudflare Pages finds the
 * nearest 404.html by itself and has no 404 status in this file.
 */
export function renderRedirectsFile(hostRules: HostRules, options: RedirectsFileOptions): { file: OutputFile; diagnostics: Diagnostic[] } {
  const lines = [`# ${options.target} redirects for ${hostRules.host}, written by sitegen from edge-config.json`];
  for (const rule of hostRules.rules) lines.push(`${rule.from} ${rule.to} ${rule.status}`);
  if (options.target === 'netlify') {
    for (const prefix of [...(options.notFoundPrefixes ?? [])].sort((a, b) => b.length - a.length)) {
      lines.push(`${prefix}/* ${prefix}/404.html 404`);
    }
  }
  const path = `${options.folder}/_redirects`;
  const diagnostics = options.target === 'cloudflare' ? checkCloudflareLimits(hostRules, lines, path) : [];
  return { file: { path, contents: `${lines.join('\n')}\n` }, diagnostics };
}

function checkCloudflareLimits(hostRules: HostRules, lines: string[], path: string): Diagnostic[] {
  const dynamic = hostRules.rules.filter(isSplat).length;
  const fixed = hostRules.rules.length - dynamic;
  const problems: string[] = [];
  if (fixed > CLOUDFLARE_LIMITS.staticRules) problems.push(`${fixed} static rules (limit ${CLOUDFLARE_LIMITS.staticRules})`);
  if (dynamic > CLOUDFLARE_LIMITS.dynamicRules) problems.push(`${dynamic} dynamic rules (limit ${CLOUDFLARE_LIMITS.dynamicRules})`);
  const long = lines.filter((line) => line.length > CLOUDFLARE_LIMITS.lineLength);
  if (long.length) problems.push(`${long.length} line${long.length === 1 ? '' : 's'} over ${CLOUDFLARE_LIMITS.lineLength} characters (first: ${long[0]!.slice(0, 60)}…)`);
  if (!problems.length) return [];
  return [diagnostic('HOSTING_LIMIT', `cloudflare: ${path} would have ${problems.join(', ')}; Cloudflare Pages drops the rules beyond its limits, so sitegen does not write a file that silently loses redirects`)];
}

/** Read a `_redirects` file back into rules (for replaying the case table against it). */
export function parseRedirectsFile(text: string): { from: string; to: string; status: number }[] {
  return text.split('\n').filter((line) => line.trim() && !line.startsWith('#')).map((line) => {
    const [from, to, status] = line.trim().split(/\s+/);
    return { from: from!, to: to!, status: Number(status ?? 301) };
  });
}
