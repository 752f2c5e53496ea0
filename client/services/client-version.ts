/**
 * Spec §7: the download buttons ask the API for the latest client of a system and go there; the
 * link's own href (a static download page or file) is the fallback when the API fails or answers
 * with something that is not an http(s) URL.
 */
import { apiUrl, type ApiClient } from '../api/api-client.js';
import { parseHttpUrl } from '../platform/urls.js';
import type { RuntimeConfig } from '../../src/model/browser-contract.js';
import type { Loading } from '../widgets/loading.js';

export const CLIENT_SYSTEMS = ['com_win64', 'com_win32', 'com_mac', 'com_arm64', 'com_linux'] as const;
export type ClientSystem = (typeof CLIENT_SYSTEMS)[number];

export function isClientSystem(value: unknown): value is ClientSystem {
  return (CLIENT_SYSTEMS as readonly unknown[]).includes(value);
}

/** The latest download URL for `system`, or undefined when the call fails or the URL is not http(s). */
export async function latestDownloadUrl(api: ApiClient, config: Pick<RuntimeConfig, 'api'>, system: ClientSystem): Promise<string | undefined> {
  try {
    const response = await api<{ url?: unknown }>({
      url: apiUrl(config.api, 'client/sys-client-version/get-latest-version'),
      query: { system },
    });
    const url = response.data?.url;
    return typeof url === 'string' ? parseHttpUrl(url)?.href : undefined;
  } catch {
    return undefined;
  }
}

export interface DownloadButtonDeps {
  api: ApiClient;
  config: Pick<RuntimeConfig, 'api'>;
  location: { assign(url: string): void };
  loading?: Loading;
}

/**
 * Intercepts plain left clicks on `a[data-download-system]` (delegated, so links added later count).
 * Modified clicks (new tab, download) and unknown systems keep the browser's default. Returns a
 * function that removes the handler.
 */
export function startDownloadButtons(doc: Document, deps: DownloadButtonDeps): () => void {
  const pending = new WeakSet<HTMLAnchorElement>();
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target as Element | null;
    const link = target?.closest?.<HTMLAnchorElement>('a[data-download-system]');
    const system = link?.dataset.downloadSystem;
    if (!link || !isClientSystem(system)) return;
    event.preventDefault();
    if (pending.has(link)) return;
    pending.add(link);
    const fallback = parseHttpUrl(link.getAttribute('href'), doc.baseURI)?.href;
    deps.loading?.start();
    void latestDownloadUrl(deps.api, deps.config, system).then((url) => {
      pending.delete(link);
      if (url) deps.loading?.finish();
      else deps.loading?.error();
      const destination = url ?? fallback;
      if (destination) deps.location.assign(destination);
    });
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
