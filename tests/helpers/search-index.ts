import { gunzipSync } from 'node:zlib';

/** A page as a built search index holds it: what Pagefind wrote into its fragment file. */
export interface IndexedPage {
  url: string;
  /** The index language it is in (Pagefind's name: en, vi, zh-cn, zh-tw, ...). */
  language: string;
  title?: string;
  content: string;
}

interface Fragment {
  url: string;
  content: string;
  meta: { title?: string };
}

/**
 * Every page of a host's search index in a build's output, read back from the files the build
 * wrote under <host>/pagefind/, its shards' folders (<host>/pagefind/en-1/) included: each fragment
 * file (gzip, after Pagefind's "pagefind_dcd" signature) holds the URL, text and title of one page
 * or of a group of pages.
 */
export function indexedPages(output: ReadonlyMap<string, Uint8Array>, host: string): IndexedPage[] {
  const pages: IndexedPage[] = [];
  for (const path of output.keys()) {
    const prefix = /^(.*\/pagefind\/(?:[a-z]+-\d+\/)?fragment\/)/.exec(path)?.[1];
    if (!prefix || !path.startsWith(`${host}/pagefind/`)) continue;
    const text = gunzipSync(output.get(path)!).toString('utf8');
    if (!text.startsWith('pagefind_dcd')) throw new Error(`${path} is not a Pagefind fragment`);
    // One page's fragment, or (en_group_<hash>) several pages' fragments by id.
    const json = JSON.parse(text.slice('pagefind_dcd'.length)) as Fragment | Record<string, Fragment>;
    const fragments = typeof json.url === 'string' ? [json as Fragment] : Object.values(json as Record<string, Fragment>);
    const language = /^(.+?)(_group)?_[0-9a-f]+\.pf_fragment$/.exec(path.slice(prefix.length))?.[1] ?? '';
    for (const fragment of fragments) pages.push({ url: fragment.url, language, title: fragment.meta.title, content: fragment.content });
  }
  return pages.sort((a, b) => (a.url < b.url ? -1 : 1));
}

/** The languages of a host's index (or of its shard in `folder`, `en-1/`) and their page counts, as its pagefind-entry.json says. */
export function indexLanguages(output: ReadonlyMap<string, Uint8Array>, host: string, folder = ''): Record<string, number> {
  const entry = JSON.parse(new TextDecoder().decode(output.get(`${host}/pagefind/${folder}pagefind-entry.json`))) as { languages: Record<string, { page_count: number }> };
  return Object.fromEntries(Object.entries(entry.languages).map(([language, e]) => [language, e.page_count]));
}
