import { intern } from '../format/intern.js';
import type { SourceLines } from '../model/site.js';

/**
 * The lines of a Markdown file's top-level front matter keys, and of its body's first text, read
 * line by line while parse has the file's text (the page source map places a page's title and
 * description with them; the text is not kept). Not the YAML parser: its positions would need the
 * document kept. Top-level keys of a block mapping start a line (what front matter is); a key
 * written otherwise is not found, and its finding names the file without a line.
 */
export function sourceLinesOf(source: string): SourceLines {
  const keys: Record<string, number> = {};
  let line = 1;
  let start = source.indexOf('\n') + 1; // after the opening ---
  let inBody = false;
  while (start > 0 && start < source.length) {
    line++;
    const end = source.indexOf('\n', start);
    const text = source.slice(start, end === -1 ? source.length : end).replace(/\r$/, '');
    if (inBody) {
      if (text.trim() !== '') return { keys, bodyStart: line };
    } else if (text === '---' || text === '...') {
      inBody = true;
    } else {
      const key = /^(["']?)([\w-]+)\1\s*:/.exec(text)?.[2];
      // A key named __proto__ would set the object's prototype: it names no field a page shows.
      // Interned: a match is a view into the file's text, which it would keep alive.
      if (key !== undefined && key !== '__proto__' && !Object.hasOwn(keys, key)) keys[intern(key)] = line;
    }
    start = end + 1;
  }
  return { keys, bodyStart: undefined };
}

/** The line of a top-level front matter key, if the file has one. */
export const lineOfKey = (lines: SourceLines, key: string): number | undefined => (Object.hasOwn(lines.keys, key) ? lines.keys[key] : undefined);
