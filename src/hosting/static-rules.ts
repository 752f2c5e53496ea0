import type { EdgeConfig } from '../model/edge-config.js';

/**
 * The edge document's rules as a flat list of path rules, for hosts that only understand
 * `from → to` redirect files (Netlify, Cloudflare Pages, nginx). `from` is exact, or ends in `/*`
 * (the rest of the path, written `:splat` in `to`). Language-prefixed paths are composed with the
 * target host's own rules, so `/ru/blog/{id}` on the main host goes straight to the Russian blog
 * article in one hop, as the middleware does.
 */
export interface StaticRule {
  from: string;
  to: string;
  status: 301;
}

export interface HostRules {
  host: string;
  rules: StaticRule[];
}

export function staticRulesFor(doc: EdgeConfig, host: string): HostRules {
  const rules: StaticRule[] = [];
  for (const [code, target] of Object.entries(doc.languageHosts)) {
    const onTarget = (to: string) => absolute(doc, target, to);
    for (const rule of ownRules(doc, target, true)) rules.push({ from: `/${code}${rule.from}`, to: onTarget(rule.to), status: 301 });
    rules.push({ from: `/${code}`, to: onTarget('/'), status: 301 }, { from: `/${code}/*`, to: onTarget('/:splat'), status: 301 });
  }
  for (const rule of ownRules(doc, host)) rules.push({ ...rule, to: absolute(doc, host, rule.to) });
  return { host, rules: orderRules(rules) };
}

/**
 * Every target is absolute, on the origin of the host it leads to: a splat copies the visitor's
 * path into the Location, and after a bare "/" a path such as /en//evil.com or /en/\evil.com
 * becomes a network-path reference to another host. After "https://host/" it is a path there.
 */
function absolute(doc: EdgeConfig, host: string, to: string): string {
  return to.startsWith('/') ? `${doc.origins[host]}${to}` : to;
}

/** Rules that apply to a host's own paths: declared redirects, legacy sections, the Russian blog. */
function ownRules(doc: EdgeConfig, host: string, rootLocaleOnly = false): StaticRule[] {
  const rules: StaticRule[] = [];
  for (const [from, to] of Object.entries(doc.redirects[host] ?? {})) rules.push({ from, to, status: 301 });
  // Behind a language prefix (/en/…) only the root locale's paths are composed: /en/vn/… is a
  // path nobody links to, and the splat rule still sends it to the right host in two hops.
  const prefixes = rootLocaleOnly ? [''] : ['', ...doc.locales.filter(([, h, prefix]) => h === host && prefix).map(([, , prefix]) => `/${prefix}`)];
  for (const prefix of prefixes) {
    for (const [old, section] of Object.entries(doc.sections)) {
      rules.push({ from: `${prefix}/${old}`, to: `${prefix}/${section}`, status: 301 }, { from: `${prefix}/${old}/*`, to: `${prefix}/${section}/:splat`, status: 301 });
    }
  }
  const blog = doc.russianBlog;
  if (blog.hosts.includes(host)) {
    for (const section of blog.sections) {
      for (const [id, path] of Object.entries(blog.lookup)) rules.push({ from: `/${section}/${id}`, to: `${blog.origin}${path || '/'}`, status: 301 });
      rules.push({ from: `/${section}`, to: `${blog.origin}/`, status: 301 }, { from: `/${section}/*`, to: `${blog.origin}/`, status: 301 });
    }
    for (const [segment, category] of Object.entries(blog.categories)) {
      const to = `${blog.origin}/?category=${encodeURIComponent(category)}`;
      rules.push({ from: `/${segment}`, to, status: 301 }, { from: `/${segment}/*`, to, status: 301 });
    }
  }
  return rules;
}

/** First match wins in every format: exact rules first, then splats from the longest prefix down. */
function orderRules(rules: StaticRule[]): StaticRule[] {
  const seen = new Set<string>();
  const unique = rules.filter((r) => !seen.has(r.from) && seen.add(r.from));
  const exact = unique.filter((r) => !isSplat(r));
  const splats = unique.filter(isSplat).sort((a, b) => b.from.length - a.from.length || (a.from < b.from ? -1 : 1));
  return [...exact, ...splats];
}

export function isSplat(rule: StaticRule): boolean {
  return rule.from.endsWith('/*');
}
