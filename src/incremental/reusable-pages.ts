import type { OutputBytes } from '../model/output-file.js';
import type { RoutedSite } from '../route/route-site.js';
import { pageKey, type KeyInputs } from './page-keys.js';
import type { RenderedPage, ReusablePages } from '../render/render-site.js';

/** The pages whose key, computed with the dependencies the previous build recorded, is unchanged. */
export function reusablePages(routed: RoutedSite, inputs: KeyInputs, previous: ReadonlyMap<string, RenderedPage>, read: (paths: string[]) => ReadonlyMap<string, OutputBytes>): ReusablePages {
  if (!previous.size) return new Map();
  const candidates = routed.pages.filter((page) => {
    const record = previous.get(page.outputPath);
    return record && pageKey(page, inputs.site(page.locale), record.deps, routed.index, inputs.memo) === record.key;
  });
  const bytes = read(candidates.map((page) => page.outputPath));
  return new Map(candidates.flatMap((page) => {
    const found = bytes.get(page.outputPath);
    return found ? [[page.outputPath, { bytes: found, page: previous.get(page.outputPath)! }] as const] : [];
  }));
}

