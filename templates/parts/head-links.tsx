import type { PageProps } from '../../src/model/page-props.js';
import { FAVICON_ICO, MANIFEST_PATH, PNG_ICONS } from '../../src/model/product-files.js';
import { feedLinksOf } from '../../src/render/head-links.js';

/**
 * The head's links to what a product site has besides its pages: the theme colour, the icons (the
 * site's SVG, favicon.ico and a 32 px PNG for browsers that take no SVG, the home-screen icon), the
 * web app manifest of the page's host, and the feeds of the page's section.
 */
export function HeadLinks({ page, t, config, assets, pageOf }: PageProps) {
  return (
    <>
      <meta name="theme-color" content={assets.colours.theme} />
      <link rel="icon" href={FAVICON_ICO.path} sizes={FAVICON_ICO.sizes.map((s) => `${s}x${s}`).join(' ')} />
      <link rel="icon" href={config.icons.source} type="image/svg+xml" />
      <link rel="icon" href={PNG_ICONS.png32.path} type="image/png" sizes="32x32" />
      <link rel="apple-touch-icon" href={PNG_ICONS.appleTouch.path} />
      <link rel="manifest" href={MANIFEST_PATH} />
      {feedLinksOf(page, t, config, pageOf).map((feed) => <link key={feed.type} rel="alternate" type={feed.type} title={feed.title} href={feed.href} />)}
    </>
  );
}
