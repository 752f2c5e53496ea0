import { describe, expect, it } from 'vitest';
import { fillNotFoundPage } from '../../../src/edge/not-found-page.js';
import { displayPath } from '../../../src/format/display-path.js';
import { encodeServedPaths, notFoundAnswerer } from '../../../src/edge/site-files.js';
import { buildEdgeFixture, documentOf } from '../../fixtures/edge-fixture.js';

const PAGE = '<main><p class="not-found-path" data-not-found-path="" hidden="">There is no page at <code></code>.</p><code></code></main>';

describe('the 404 page with the path asked for', () => {
  it('puts the path in the slot as escaped text and shows the slot', () => {
    expect(fillNotFoundPage(PAGE, '/%3Cscript%3Ealert(%22x%22)%3C/script%3E&a')).toBe(
      '<main><p class="not-found-path" data-not-found-path="">There is no page at <code>/&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;a</code>.</p><code></code></main>',
    );
  });

  it('finds the slot whatever the order of its attributes', () => {
    expect(fillNotFoundPage('<p hidden data-not-found-path="" class="x">at <code></code></p>', '/a')).toBe('<p data-not-found-path="" class="x">at <code>/a</code></p>');
  });

  it('leaves a page without the slot as it is: the path goes nowhere else', () => {
    const page = '<main><p>Page not found</p><code></code></main>';
    expect(fillNotFoundPage(page, '/x')).toBe(page);
  });

  it('shows the path decoded, bad percent-encoding as sent, and controls and bidi marks encoded', () => {
    expect(displayPath('/%E6%89%BE%E4%B8%8D%E5%88%B0')).toBe('/找不到');
    expect(displayPath('/bad%E0%A4x')).toBe('/bad%E0%A4x');
    expect(displayPath('/a%E2%80%AEgnp.exe')).toBe('/a%E2%80%AEgnp.exe');
    expect(displayPath('/a%00b%0Ac')).toBe('/a%00b%0Ac');
  });
});

describe('the 404 answer of a middleware that cannot see the files (Vercel)', () => {
  it('answers only paths the host does not serve, with the page of the path\'s locale', async () => {
    const document = documentOf(await buildEdgeFixture());
    const answer = notFoundAnswerer(document, {
      fallbackHost: 'main',
      served: { main: encodeServedPaths(['/', '/pricing', '/vn/pricing', '/assets/main-X.js']) },
      notFound: { main: { '': PAGE.replace('There is', 'EN'), '/vn': PAGE.replace('There is', 'VN') } },
    });
    const at = (url: string) => answer(new Request(url));
    for (const path of ['/', '/pricing', '/vn/pricing', '/assets/main-X.js', '/_vercel/insights/script.js']) expect(at(`https://www.polybrowser.example${path}`), path).toBeUndefined();
    const missing = at('https://www.polybrowser.example/vn/pricing-old');
    expect(missing?.status).toBe(404);
    expect(await missing!.text()).toContain('VN no page at <code>/vn/pricing-old</code>');
    // A preview hostname (*.vercel.app) is served the main host, as config.json routes it.
    expect(await at('https://sitegen-abc.vercel.app/nope')!.text()).toContain('EN no page at <code>/nope</code>');
    // A path the edge refuses can never be a file.
    expect(at('https://www.polybrowser.example/a%2Fb')?.status).toBe(404);
  });

  it('leaves the search index\'s paths to the host: its files are not listed (they change with every edit), and a miss there is the host\'s own 404', () => {
    const answer = notFoundAnswerer({ origins: { main: 'https://www.polybrowser.example' } } as never, { fallbackHost: 'main', served: { main: encodeServedPaths(['/']) }, notFound: { main: { '': PAGE } } });
    for (const path of ['/pagefind/pagefind.js', '/pagefind/fragment/en_1a2b3c4.pf_fragment', '/pagefind/nope']) expect(answer(new Request(`https://www.polybrowser.example${path}`)), path).toBeUndefined();
    expect(answer(new Request('https://www.polybrowser.example/pagefinder'))?.status).toBe(404);
  });
});
