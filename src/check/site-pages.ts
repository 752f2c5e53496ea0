import type { CheckInput, SitePage } from './finding.js';

const decoder = new TextDecoder();

/**
 * The HTML pages of a built site, with the URL each is served at. Host folders are named by the
 * host of the edge document's origins (name and any port, as src/route/urls.ts hostDir names
 * them); `x.html` is served at `/x`, `index.html` at its folder.
 */
export function sitePages(input: CheckInput): readonly SitePage[] {
  // Every check needs the pages; decoding ~1 100 documents once per run, not once per check.
  const cached = decoded.get(input.files);
  if (cached && cached.edge === input.edge) return cached.pages;
  const pages = readPages(input);
  decoded.set(input.files, { edge: input.edge, pages });
  return pages;
}

const decoded = new WeakMap<CheckInput['files'], { edge: CheckInput['edge']; pages: readonly SitePage[] }>();

function readPages(input: CheckInput): SitePage[] {
  const hostOfFolder = new Map(Object.entries(input.edge.origins).map(([key, origin]) => [new URL(origin).host, { key, origin }]));
  // The 404 pages static hosts serve for unknown paths: one at each locale root (src/route/urls.ts).
  const notFoundFiles = new Set(input.edge.locales.map(([, host, prefix]) => `${host}${prefix ? `/${prefix}` : ''}/404.html`));
  const pages: SitePage[] = [];
  for (const [file, bytes] of input.files) {
    if (!file.endsWith('.html')) continue;
    const slash = file.indexOf('/');
    const host = hostOfFolder.get(file.slice(0, slash));
    if (!host) continue; // .vercel/output copies and anything outside a host folder
    const path = urlPathOf(file.slice(slash));
    const notFound = notFoundFiles.has(`${host.key}${file.slice(slash)}`);
    pages.push({ file, host: host.key, url: `${host.origin}${path}`, html: decoder.decode(bytes), notFound });
  }
  return pages.sort((a, b) => a.file.localeCompare(b.file));
}

/** /vn/pricing.html → /vn/pricing; /index.html → /; /vn/index.html → /vn. */
export function urlPathOf(filePath: string): string {
  const path = filePath.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return path === '' ? '/' : path;
}
