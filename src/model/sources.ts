/** The content as read from disk: the load stage makes it, parse reads it. */

const decoder = new TextDecoder('utf-8', { fatal: false });

export interface SourceFile {
  /** Path relative to the project root, POSIX-style: content/en/blog/x.md. */
  path: string;
  text: string;
}

export interface PublicAsset {
  /** Path the file is served at: /images/x.svg. */
  urlPath: string;
  bytes: Uint8Array;
}

export interface SourceSet {
  contentDir: string;
  /** Markdown and YAML files of the content directory, sorted by path. */
  files: SourceFile[];
  /** Files under <content>/public, copied to every host as they are. */
  assets: PublicAsset[];
}

/** A content file's text: UTF-8 (malformed bytes become U+FFFD), without a byte order mark. */
export function decodeSource(bytes: Uint8Array): string {
  const text = decoder.decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
