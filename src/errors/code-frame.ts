import type { SourcePlace, SourcePosition } from './site-error.js';

/**
 * A few lines of source around a position, with a caret under the column, as compilers print it.
 * Control characters are shown escaped so a hostile file cannot drive the terminal.
 */
export function codeFrame(source: string, position: SourcePosition, context = 2): string {
  const lines = source.split(/\r?\n/);
  const first = Math.max(1, position.line - context);
  const last = Math.min(lines.length, position.line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const marker = n === position.line ? '>' : ' ';
    out.push(`${marker} ${String(n).padStart(width)} | ${printable(lines[n - 1] ?? '')}`);
    if (n === position.line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, position.column - 1))}^`);
  }
  return out.join('\n');
}

function printable(line: string): string {
  // eslint-disable-next-line no-control-regex
  return line.replace(/[\u0000-\u0008\u000b-\u001f\u007f\u009b]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A content file's text as the build read it, read again (a build does not keep the site's
 * Markdown in memory): for the code frame of a diagnostic and the positions of front matter fields.
 * Undefined when the file cannot be read any more.
 */
export type SourceText = (file: string) => string | undefined;

/**
 * A place whose position and code frame are worked out only when they are read: when a diagnostic
 * is made of it (`diagnostic()` reads them), never for the many places that no diagnostic names
 * (every entry's images, aliases and slug). Nothing of the file is held; `position` is a position,
 * or a function that finds it (front matter fields: splitting the file again), called once.
 */
export function placeIn(file: string, position: SourcePosition | (() => SourcePosition | undefined), text: SourceText): SourcePlace {
  return new PlaceInFile(file, position, text);
}

class PlaceInFile implements SourcePlace {
  #position: SourcePosition | undefined | (() => SourcePosition | undefined);
  readonly #text: SourceText;

  constructor(readonly file: string, position: SourcePosition | (() => SourcePosition | undefined), text: SourceText) {
    this.#position = position;
    this.#text = text;
  }

  get position(): SourcePosition | undefined {
    if (typeof this.#position === 'function') this.#position = this.#position();
    return this.#position;
  }

  get frame(): string | undefined {
    const at = this.position;
    const source = at && this.#text(this.file);
    return source === undefined || !at ? undefined : codeFrame(source, at);
  }
}
