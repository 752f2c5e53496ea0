import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { BuildResult } from '../../src/build.js';
import { edgeConfigSchema, type EdgeConfig } from '../../src/model/edge-config.js';
import type { HostKey } from '../../src/model/locale-table.js';
import { baseFiles, blogPost, buildFixture, MAIN, RU, simplePage, ZH } from '../helpers/fixture.js';

export const HOSTNAMES: Record<HostKey, string> = { main: MAIN, zh: ZH, ru: RU };

export interface EdgeCase {
  name: string;
  /** The capability the case shows (a column of the hosting table). */
  feature: string;
  host: HostKey;
  path: string;
  cookie?: string;
  acceptLanguage?: string;
  status: number;
  location?: string;
  vary?: string;
  lang?: string;
  pad?: number;
  /** The locale code the answer stores in the myLocale cookie (an explicit choice). */
  setCookie?: string;
  /** Redirects a browser follows to the end, when not the default (1 for a redirect, 0 otherwise). */
  hops?: number;
}

/** The one table of edge cases (tests/edge/redirect-cases.yaml), with padded paths expanded. */
export const CASES: EdgeCase[] = (parse(readFileSync(join(import.meta.dirname, 'redirect-cases.yaml'), 'utf8')) as EdgeCase[])
  .map((c) => (c.pad ? { ...c, path: `${c.path}${'a'.repeat(c.pad - c.path.length)}` } : c));

export const REDIRECTS_YAML = `
- { from: /old-pricing, to: /pricing }
- { from: /older-pricing, to: /old-pricing }
- { from: /zh-download, to: "https://www.polybrowser-cn.example/download" }
- { from: /Promo/Spring.html, to: /download }
`;

/** A small site with every kind of page the cases reach, redirects.yaml rows and a front matter alias. */
export function edgeFixtureFiles(targets = '[vercel, netlify, nginx]'): Record<string, string> {
  const files = baseFiles();
  files['content/site.yaml'] = files['content/site.yaml']!.replace(/targets: \[[^\]]*\]/, `targets: ${targets}`);
  files['content/data/redirects.yaml'] = REDIRECTS_YAML;
  for (const locale of ['en', 'vn']) {
    files[`content/${locale}/blog/how-to-manage-multiple-accounts.md`] = blogPost({ aliases: ['managing-accounts'] });
  }
  files['content/en/helps/a.md'] = simplePage('Help');
  return files;
}

let built: Promise<BuildResult> | undefined;

/** Built once per test file (in memory). */
export function buildEdgeFixture(): Promise<BuildResult> {
  built ??= buildFixture(edgeFixtureFiles());
  return built;
}

export function documentOf(result: BuildResult): EdgeConfig {
  return edgeConfigSchema.parse(JSON.parse(new TextDecoder().decode(result.output.get('edge-config.json'))));
}

export function requestFor(c: EdgeCase): Request {
  const headers = new Headers();
  if (c.cookie !== undefined) headers.set('cookie', c.cookie);
  if (c.acceptLanguage !== undefined) headers.set('accept-language', c.acceptLanguage);
  return new Request(`https://${HOSTNAMES[c.host]}${c.path}`, { headers });
}

/** What a case expects from the middleware alone: a redirect/414, or nothing (the page or 404 is static). */
export function expectsMiddlewareResponse(c: EdgeCase): boolean {
  return c.status !== 200 && c.status !== 404;
}
