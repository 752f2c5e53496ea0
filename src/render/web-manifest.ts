import { rootLocaleOfHost, type HostKey } from '../model/locale-table.js';
import type { OutputFile } from '../model/output-file.js';
import type { Assets } from '../model/page-props.js';
import { MANIFEST_PATH, PNG_ICONS } from '../model/product-files.js';
import type { ValidSite } from '../model/site.js';
import { hostDir } from '../route/urls.js';
import { makeTranslator } from './translator.js';

/**
 * /site.webmanifest of a host, in the language of the locale at its root (en on the main host,
 * whose root sends each visitor on to their own language). It starts at the host's root and opens
 * in the browser (`display: browser`): a product site added to a home screen is a bookmark with an
 * icon, not an app that hides the address bar. Colours are the design tokens'.
 */
export function webManifest(site: ValidSite, host: HostKey, colours: Assets['colours']): OutputFile {
  const locale = rootLocaleOfHost(host);
  const t = makeTranslator(site.messages, locale.code, new Set());
  const icons = Object.values(PNG_ICONS).flatMap((icon) => ('purpose' in icon ? [{ src: icon.path, sizes: `${icon.size}x${icon.size}`, type: 'image/png', purpose: icon.purpose }] : []));
  const manifest = {
    id: '/',
    name: t('site.name'),
    short_name: t('site.name'),
    description: t('site.description'),
    lang: locale.hreflang,
    dir: locale.dir,
    start_url: '/',
    scope: '/',
    display: 'browser',
    theme_color: colours.theme,
    background_color: colours.background,
    icons: [...icons, { src: site.config.icons.source, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
  return { path: `${hostDir(site.config, host)}${MANIFEST_PATH}`, contents: `${JSON.stringify(manifest, null, 2)}\n` };
}
