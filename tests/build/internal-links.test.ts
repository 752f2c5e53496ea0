import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { BuildResult } from '../../src/build.js';
import { ROOT } from '../helpers/fixture.js';
import { sampleSite } from '../helpers/sample-site.js';

/**
 * Spec §5: links to the product's own domains and its partners' are internal, wherever they come
 * from (templates, Markdown, data tables): no new tab, no external icon. Every other http(s) link
 * opens in a new tab without the opener. Checked on every anchor of every page of the sample site.
 */
let result: BuildResult;
beforeAll(async () => {
  result = await sampleSite();
});

const config = parse(readFileSync(join(ROOT, 'content/site.yaml'), 'utf8')) as { ownDomains: string[]; partnerDomains: string[] };
const internalDomains = [...config.ownDomains, ...config.partnerDomains];
const isInternal = (href: string) => {
  const host = new URL(href).hostname;
  return internalDomains.some((d) => host === d || host.endsWith(`.${d}`));
};

interface Anchor { page: string; href: string; newTab: boolean; rel: string | undefined; icon: boolean }

function anchorsOf(path: string, html: string): Anchor[] {
  return [...html.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)].flatMap(([, attributes, inner]) => {
    const href = /(?:^| )href="(https?:\/\/[^"]+)"/.exec(attributes!)?.[1];
    if (!href) return [];
    return [{ page: path, href: href.replace(/&amp;/g, '&'), newTab: / target="_blank"/.test(attributes!), rel: / rel="([^"]*)"/.exec(attributes!)?.[1], icon: /#external"/.test(inner!) }];
  });
}

describe('own and partner domain links (spec §5)', () => {
  let anchors: Anchor[];
  beforeAll(() => {
    anchors = [...result.output].filter(([path]) => path.endsWith('.html') && !path.startsWith('.vercel/')).flatMap(([path, bytes]) => anchorsOf(path, new TextDecoder().decode(bytes)));
  });

  it('open in the same tab, without the external icon, on every page', () => {
    const wrong = anchors.filter((a) => isInternal(a.href) && (a.newTab || a.icon)).map((a) => `${a.page}: ${a.href}${a.newTab ? ' target=_blank' : ''}${a.icon ? ' external icon' : ''}`);
    expect([...new Set(wrong)].slice(0, 20)).toEqual([]);
  });

  it('cover the menu\'s chat and video entries, the partners\' "visit" buttons, the links page and Markdown', () => {
    const on = (page: string, href: string) => anchors.some((a) => a.page === page && a.href === href && !a.newTab && !a.icon);
    expect(on('www.polybrowser.example/pricing.html', 'https://chat.polybrowser.example/polybrowser')).toBe(true);
    expect(on('www.polybrowser.example/pricing.html', 'https://video.polybrowser.example/@polybrowser')).toBe(true);
    expect(on('www.polybrowser.example/partner/skyproxy.html', 'https://skyproxy.example/')).toBe(true);
    expect(on('www.polybrowser-ru.example/partner/adsflow.html', 'https://adsflow.example/')).toBe(true);
    expect(on('www.polybrowser.example/links.html', 'https://skyproxy.example/')).toBe(true);
    expect(on('www.polybrowser.example/links.html', 'https://adsflow.example/')).toBe(true);
    // Written in Markdown (a proxy set-up article links to the partner).
    expect(anchors.some((a) => a.page.includes('/blog/') && a.href === 'https://skyproxy.example/' && !a.newTab)).toBe(true);
  });

  it('leave other sites external: a new tab without the opener, and the icon where the template draws one', () => {
    const external = anchors.filter((a) => !isInternal(a.href));
    expect(external.length).toBeGreaterThan(0);
    expect(external.filter((a) => !a.newTab || !/noopener/.test(a.rel ?? '')).map((a) => `${a.page}: ${a.href}`)).toEqual([]);
    const links = anchors.filter((a) => a.page === 'www.polybrowser.example/links.html' && !isInternal(a.href));
    expect(links.map((a) => [a.href, a.icon])).toEqual([['https://proxy-atlas.example/', true], ['https://growth-forum.example/', true]]);
  });
});
