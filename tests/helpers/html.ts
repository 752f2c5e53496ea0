import { Window } from 'happy-dom';

/** Parse HTML the way a browser would (happy-dom), for querying what a visitor gets. */
export function parseHtml(html: string): Document {
  const window = new Window({ settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  window.document.write(html);
  return window.document as unknown as Document;
}

export interface HeadLinks {
  lang: string | null;
  canonical: string | null;
  alternates: { hreflang: string; href: string }[];
}

/** lang, canonical and hreflang alternates, read with a regex: fast enough for a thousand pages. */
export function headLinks(html: string): HeadLinks {
  const lang = /<html lang="([^"]+)"/.exec(html)?.[1] ?? null;
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? null;
  const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => ({ hreflang: m[1]!, href: m[2]! }));
  return { lang, canonical, alternates };
}

/** hrefs of the language-switcher links, by locale code. */
export function switcherLinks(html: string): Record<string, string> {
  return Object.fromEntries([...html.matchAll(/<a href="([^"]+)" hrefLang="[^"]+" lang="[^"]+" data-locale="([a-z]+)"/g)].map((m) => [m[2]!, m[1]!]));
}
