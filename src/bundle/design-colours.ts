import type { Assets } from '../model/page-props.js';
import type { BundledAssets } from './bundle-client.js';

/**
 * The colours of the site's frame, from the design tokens of the bundled stylesheet (the `:root` of
 * templates/styles/tokens.css), so that they are set in one place: the brand colour (--c-primary)
 * is the browser's theme colour, the page background (--c-bg) the splash screen's and the
 * background of the opaque icons.
 */
export const COLOUR_TOKENS = { theme: '--c-primary', background: '--c-bg' } as const;

export function designColours(client: BundledAssets): Assets['colours'] {
  const path = client.assets.css[0];
  const file = client.files.find((f) => f.path === path);
  const css = file ? new TextDecoder().decode(file.contents) : '';
  const token = (name: string) => {
    // The first declaration: the :root one (tokens.css comes first in site.css), not an override further down.
    const value = new RegExp(`${name}\\s*:\\s*([^;}]+)`).exec(css)?.[1]?.trim();
    if (!value || !/^(#[0-9a-fA-F]{3,8}|(rgb|hsl)a?\([^)]*\))$/.test(value)) {
      throw new Error(`templates/styles/tokens.css: the stylesheet sets no colour ${name} (a hex, rgb() or hsl() value) in :root; the theme colour, the web app manifest and the icons take it from there`);
    }
    return value;
  };
  return { theme: token(COLOUR_TOKENS.theme), background: token(COLOUR_TOKENS.background) };
}
