/**
 * The small files a product site has at fixed addresses on every host (docs/feeds.md#icons):
 * the icons browsers and phones ask for, the web app manifest and security.txt. Their names are
 * decided here: render writes them, the page head links them, the hosts serve them.
 */

/** One PNG drawn from the site's SVG icon. */
export interface PngIcon {
  path: string;
  size: number;
  /**
   * Drawn on the site's background colour rather than transparent: iOS fills a transparent
   * apple-touch-icon with black, and a maskable icon is cut to any shape, so it must have no holes.
   */
  opaque: boolean;
  /** Share of the side left empty around the drawing on each edge (a maskable icon's safe zone is the inner 80 %). */
  padding: number;
  /** The manifest's `purpose`; only icons with one are listed there. */
  purpose?: 'any' | 'maskable';
}

export const PNG_ICONS = {
  /** The tab icon of browsers that take no SVG icon. */
  png32: { path: '/favicon-32x32.png', size: 32, opaque: false, padding: 0 },
  /** iOS home screen: it asks /apple-touch-icon.png even where no page links it. */
  appleTouch: { path: '/apple-touch-icon.png', size: 180, opaque: true, padding: 0.1 },
  icon192: { path: '/icon-192.png', size: 192, opaque: false, padding: 0, purpose: 'any' },
  icon512: { path: '/icon-512.png', size: 512, opaque: false, padding: 0, purpose: 'any' },
  maskable512: { path: '/icon-maskable-512.png', size: 512, opaque: true, padding: 0.2, purpose: 'maskable' },
} as const satisfies Record<string, PngIcon>;

/** favicon.ico: what browsers, feed readers and crawlers fetch from the root without asking the page; PNG images inside. */
export const FAVICON_ICO = { path: '/favicon.ico', sizes: [16, 32, 48] } as const;

export const MANIFEST_PATH = '/site.webmanifest';

/** RFC 9116 §3: the one place a security.txt is looked for. */
export const SECURITY_TXT_PATH = '/.well-known/security.txt';
