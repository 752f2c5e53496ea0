import type { SourceFs } from '../../../src/fs/source-fs.js';

/** The real content with content/site.yaml as `edit` rewrites it; every other file as it is. */
export function withEditedSiteYaml(fs: SourceFs, edit: (yaml: string) => string): SourceFs {
  const edited = (path: string, bytes: Uint8Array | undefined) => {
    if (path !== 'content/site.yaml' || !bytes) return bytes;
    return new TextEncoder().encode(edit(new TextDecoder().decode(bytes)));
  };
  return {
    listFiles: (dir) => fs.listFiles(dir),
    readBytes: async (path) => edited(path, await fs.readBytes(path)),
    readBytesSync: (path) => edited(path, fs.readBytesSync(path)),
  };
}
