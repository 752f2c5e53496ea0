import type { OutputFile } from '../render/output-file.js';
import { escapeRegex } from './escape-regex.js';
import { isSplat, type HostRules } from './static-rules.js';

export interface NginxServer {
  hostRules: HostRules;
  /** Hostname the server block answers. */
  serverName: string;
  /** Folder of this host's files, relative to the document root given at deploy time. */
  folder: string;
  /** Locale path prefixes with their own 404 page ('' = host root). */
  notFoundPrefixes: readonly string[];
}

/**
 * An nginx `http`-context include: one server block per host, with the redirect rules as exact and
 * prefix locations, clean URLs served from flat .html files, and the locale's 404 page with status
 * 404. Rules are `rewrite … permanent`, which keeps the visitor's query string as it came.
 */
export function renderNginxConf(servers: readonly NginxServer[]): OutputFile {
  const blocks = servers.map((server) => {
    const lines = [
      'server {',
      '  listen 80;',
      `  server_name ${server.serverName};`,
      `  root $sitegen_root/${server.folder};`,
      '  merge_slashes off;',
      '  absolute_redirect off;',
      '  gzip on;',
      '  gzip_types text/css application/javascript application/json image/svg+xml application/xml text/plain;',
      '  # Spec "Redirects": duplicate slashes, trailing slash and trailing .html, one rewrite each.',
      '  rewrite ^(.*?)//+(.*)$ $1/$2 permanent;',
      '  rewrite ^(/.*[^/])/+$ $1 permanent;',
      '  rewrite ^(/.+)\\.html$ $1 permanent;',
    ];
    for (const rule of server.hostRules.rules) lines.push(nginxLocation(rule.from, rule.to, isSplat(rule)));
    lines.push('  location = / { try_files /index.html =404; }');
    // Clean URLs from flat files (/vn/pricing → vn/pricing.html); unknown paths get their locale's 404.
    for (const prefix of [...server.notFoundPrefixes].sort((a, b) => b.length - a.length)) {
      lines.push(`  location ${prefix === '' ? '/' : `^~ ${prefix}/`} { try_files $uri $uri.html =404; error_page 404 ${prefix}/404.html; }`);
    }
    lines.push('}');
    return lines.join('\n');
  });
  const header = [
    '# nginx configuration written by sitegen from edge-config.json.',
    '# Include it in the http block after setting the folder dist/ is deployed to, for example:',
    '#   map "" $sitegen_root { default /var/www/sitegen; }',
    '#   include /var/www/sitegen/nginx.conf;',
  ];
  return { path: 'nginx.conf', contents: `${[...header, ...blocks].join('\n\n')}\n` };
}

function nginxLocation(from: string, to: string, splat: boolean): string {
  // `rewrite … permanent` keeps the visitor's query string, joined with "&" when the target has one.
  if (!splat) return `  location = ${quote(from)} { rewrite ^ ${quote(to)} permanent; }`;
  const base = from.slice(0, -1);
  return `  location ^~ ${quote(base)} { rewrite ^${escapeRegex(base)}(.*)$ ${quote(to.replace(':splat', '$1'))} permanent; }`;
}

function quote(value: string): string {
  return /[\s;{}"']/.test(value) ? `"${value.replace(/["\\]/g, '\\$&')}"` : value;
}
