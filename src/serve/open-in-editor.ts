import { spawn } from 'node:child_process';
import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import GithubSlugger from 'github-slugger';

/**
 * Editors that run in a terminal: the dev server's terminal is busy, so a click cannot open one.
 * $VISUAL or $EDITOR naming one of these is passed over for `code`; SITEGEN_EDITOR is always used.
 */
const TERMINAL_EDITORS = new Set(['vi', 'vim', 'nvim', 'nano', 'pico', 'micro', 'hx', 'helix', 'kak', 'joe', 'ne', 'ed', 'mg']);

/**
 * The command that opens a file in the writer's editor, as words (no shell ever runs it):
 * SITEGEN_EDITOR, else $VISUAL or $EDITOR unless they name a terminal editor, else `code` (VS Code's
 * command line, as Vite's overlay uses).
 */
export function editorCommand(env: Record<string, string | undefined>): string[] {
  const words = (value: string | undefined) => value?.trim().split(/\s+/).filter(Boolean) ?? [];
  const own = words(env.SITEGEN_EDITOR);
  if (own.length) return own;
  for (const value of [env.VISUAL, env.EDITOR]) {
    const command = words(value);
    if (command.length && !TERMINAL_EDITORS.has(editorName(command[0]!))) return command;
  }
  return ['code'];
}

const editorName = (command: string) => basename(command).replace(/\.(exe|cmd|bat)$/i, '').toLowerCase();

const VS_CODE_LIKE = new Set(['code', 'code-insiders', 'codium', 'vscodium', 'cursor', 'windsurf']);
const JETBRAINS = new Set(['idea', 'webstorm', 'phpstorm', 'pycharm', 'goland', 'rubymine', 'clion', 'rider', 'fleet']);

/** The arguments that open `file` (absolute) at line and column, in the convention of the editor the command names. */
export function editorArguments(command: string, file: string, line: number, column: number): string[] {
  const name = editorName(command);
  if (VS_CODE_LIKE.has(name)) return ['-g', `${file}:${line}:${column}`];
  if (JETBRAINS.has(name)) return ['--line', String(line), '--column', String(column), file];
  if (name === 'emacs' || name === 'emacsclient') return [`+${line}:${column}`, file];
  if (name === 'gvim' || name === 'mvim') return [`+${line}`, file];
  // Sublime Text, Zed and most others read file:line:column.
  return [`${file}:${line}:${column}`];
}

/**
 * The real path of a file the error panel may open: a file (not a folder) whose real path, links
 * followed, is inside the project root. Anything else (`..`, an absolute path elsewhere, a link out
 * of the project, a missing file) is undefined: a request names a place to look, never any path.
 */
export async function projectFile(root: string, file: string): Promise<string | undefined> {
  try {
    const [realRoot, real] = await Promise.all([realpath(root), realpath(resolve(root, file))]);
    const inside = relative(realRoot, real);
    if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return undefined;
    return (await stat(real)).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

/** A page of sitegen's docs/ by its file name (`content.md`), and the line of the heading an anchor names (1 when none does). */
export async function docsPlace(docsDir: string, page: string, anchor: string): Promise<{ file: string; line: number } | undefined> {
  if (!/^[a-z0-9-]+\.md$/.test(page)) return undefined;
  const file = join(docsDir, page);
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const slugs = new GithubSlugger();
  let fenced = false;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (/^(```|~~~)/.test(lines[i]!)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(lines[i]!);
    if (heading && slugs.slug(heading[1]!) === anchor) return { file, line: i + 1 };
  }
  return { file, line: 1 };
}

/** Starts the editor on the file, detached from the dev server; resolves once it started, rejects when it could not. */
export function launchEditor(command: readonly string[], file: string, line: number, column: number): Promise<void> {
  const [program, ...options] = command;
  return new Promise((resolve, reject) => {
    const child = spawn(program!, [...options, ...editorArguments(program!, file, line, column)], { stdio: 'ignore', detached: true });
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
    child.once('error', reject);
  });
}
