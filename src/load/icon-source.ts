import { diagnostic, type Diagnostic } from '../errors/site-error.js';
import type { SiteConfig } from '../model/site-config.js';
import type { SourceSet } from '../model/sources.js';
import { configPlace } from './config-place.js';

/**
 * The site's icon (icons.source) must be a file of public/: every page links it, and the PNG
 * icons, favicon.ico and the manifest's icons are drawn from it.
 */
export function checkIconSource(config: SiteConfig, sources: SourceSet, configPath: string, configText: string): Diagnostic[] {
  const source = config.icons.source;
  if (sources.assets.some((asset) => asset.urlPath === source)) return [];
  const { written, ...place } = configPlace(configPath, configText, ['icons', 'source']);
  const said = written ? `icons.source is ${source}` : `icons.source is not set, so it is ${source}`;
  return [diagnostic('ICON_SOURCE_INVALID', `${said}, but public${source} does not exist in the content folder: add the site's icon there (an SVG), or set icons.source to the SVG that is`, place)];
}
