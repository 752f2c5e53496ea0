import { diagnostic, type Diagnostic } from '../errors/site-error.js';
import type { SiteConfig } from '../model/site-config.js';
import { FAVICON_ICO, MANIFEST_PATH, PNG_ICONS } from '../model/product-files.js';
import type { SourceSet } from '../model/sources.js';
import { configPlace } from './config-place.js';

/**
 * What public/ must have and must not have for the files the build makes beside the pages:
 * the site's icon (icons.source), which every page links and the PNG icons, favicon.ico and the
 * manifest's icons are drawn from; and no file at an address the build writes itself.
 */
export function checkProductFiles(config: SiteConfig, sources: SourceSet, contentDir: string, configPath: string, configText: string): Diagnostic[] {
  const reserved = new Set([...Object.values(PNG_ICONS).map((icon) => icon.path), FAVICON_ICO.path, MANIFEST_PATH]);
  const taken = sources.assets.filter((asset) => reserved.has(asset.urlPath)).map((asset) =>
    diagnostic('PUBLIC_FILE_RESERVED', `public${asset.urlPath} is at an address the build writes itself (drawn from icons.source, or the web app manifest): remove the file; to change the icons, change the SVG icons.source names`, { file: `${contentDir}/public${asset.urlPath}` }));
  return [...taken, ...iconSource(config, sources, configPath, configText)];
}

function iconSource(config: SiteConfig, sources: SourceSet, configPath: string, configText: string): Diagnostic[] {
  const source = config.icons.source;
  if (sources.assets.some((asset) => asset.urlPath === source)) return [];
  const { written, ...place } = configPlace(configPath, configText, ['icons', 'source']);
  const said = written ? `icons.source is ${source}` : `icons.source is not set, so it is ${source}`;
  return [diagnostic('ICON_SOURCE_INVALID', `${said}, but public${source} does not exist in the content folder: add the site's icon there (an SVG), or set icons.source to the SVG that is`, place)];
}
