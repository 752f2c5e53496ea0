import { parseHttpUrl } from '../platform/urls.js';

/**
 * Adds `<script async src>` to the document head. Only absolute http(s) URLs are ever injected: any
 * other value (javascript:, data:, //host, junk) resolves to undefined without touching the page.
 * The promise settles on the script's load (the element) or error (rejects); it never throws
 * synchronously.
 */
export function loadScript(doc: Document, src: string | null | undefined): Promise<HTMLScriptElement> | undefined {
  const url = parseHttpUrl(src);
  if (!url) return undefined;
  return new Promise<HTMLScriptElement>((resolve, reject) => {
    try {
      const script = doc.createElement('script');
      script.async = true;
      script.src = url.href;
      script.addEventListener('load', () => resolve(script), { once: true });
      script.addEventListener('error', () => reject(new Error(`script failed to load: ${url.href}`)), { once: true });
      (doc.head ?? doc.documentElement).appendChild(script);
    } catch (error) {
      reject(error);
    }
  });
}

/** The src attribute of every `<script src>` in an HTML fragment, parsed inertly (nothing runs). */
export function scriptSources(html: string | null | undefined, doc?: Document): string[] {
  if (!html) return [];
  const parsed = parseHtml(html, doc);
  if (parsed) {
    return [...parsed.querySelectorAll('script[src]')].map((s) => s.getAttribute('src') ?? '').filter(Boolean);
  }
  return [...html.matchAll(/<script\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

function parseHtml(html: string, doc?: Document): Document | undefined {
  const Parser = doc?.defaultView?.DOMParser ?? globalThis.DOMParser;
  if (typeof Parser !== 'function') return undefined;
  try {
    return new Parser().parseFromString(html, 'text/html');
  } catch {
    return undefined;
  }
}
