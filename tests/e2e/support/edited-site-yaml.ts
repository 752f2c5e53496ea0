import type { SourceFs } from '../../../src/fs/source-fs.js';

/** The real content with content/site.yaml as `edit` rewrites it; every other file as it is. */
export function withEditedSiteYaml(fs: SourceFs, edit: (yaml: string) => string): SourceFs {
  return {
    listFiles: (dir) => fs.listFiles(dir),
    async readBytes(path) {
      const bytes = await fs.readBytes(path);
      if (path !== 'content/site.yaml' || !bytes) return bytes;
      return new TextEncoder().encode(edit(new TextDecoder().decode(bytes)));
    },
  };
}
