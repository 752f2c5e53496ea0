import type { IncomingMessage, ServerResponse } from 'node:http';
import { docsPlace, launchEditor, projectFile } from '../open-in-editor.js';
import { send } from '../serve-site.js';
import { hostName, localHost } from '../local-host.js';

export interface OpenOptions {
  /** The project root: the only folder whose files may be opened. */
  root: string;
  /** sitegen's docs/ folder, whose pages hints name. */
  docsDir: string;
  /** This dev session's secret, known only to the pages it served. */
  token: string;
  /** The editor's command (open-in-editor.ts editorCommand). */
  editor: readonly string[];
  /** The address the server listens on: a Host header naming it is local too. */
  listen: string;
}

/**
 * The error panel's "open in editor" request: POST /__sitegen/open?file=content/x.md&line=6&column=11
 * (a project file) or ?doc=content.md&anchor=front-matter-fields (a page of sitegen's docs). Only
 * POST with this session's token in x-sitegen-token, sent by the panel itself: another site open in
 * the browser cannot send that header without a CORS preflight nobody answers, and cannot read the
 * token from our pages. The Host must be this machine's name, so a DNS-rebound name cannot either.
 * What is opened is a file of the project, or of sitegen's docs, never a path or command of the request's choosing.
 * Answers in plain text, which the panel shows as it is.
 */
export async function answerOpen(req: IncomingMessage, res: ServerResponse, url: URL, options: OpenOptions): Promise<void> {
  const text = (status: number, body: string) => send(res, req, status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }, body);
  if (req.method !== 'POST') return text(405, 'Files are opened from the error panel of sitegen dev.\n');
  if (!isLocalHost(req.headers.host, options.listen) || req.headers['x-sitegen-token'] !== options.token) return text(403, 'Not allowed: files are opened from the error panel of this sitegen dev session.\n');
  const number = (name: string) => Math.min(Math.max(Math.trunc(Number(url.searchParams.get(name))) || 1, 1), 10_000_000);
  const doc = url.searchParams.get('doc');
  const file = url.searchParams.get('file') ?? '';
  const place = doc !== null
    ? await docsPlace(options.docsDir, doc, url.searchParams.get('anchor') ?? '')
    : await projectFile(options.root, file).then((found) => found && { file: found, line: number('line') });
  if (!place) return text(404, `Not a file of this project: ${doc ?? file}\n`);
  const column = doc !== null ? 1 : number('column');
  const shown = `${doc !== null ? `docs/${doc}` : file}:${place.line}:${column}`;
  try {
    await launchEditor(options.editor, place.file, place.line, column);
    return text(200, `Opened ${shown} in ${options.editor[0]}.\n`);
  } catch (error) {
    return text(500, `Could not start the editor "${options.editor.join(' ')}" (${(error as Error).message}). Set SITEGEN_EDITOR to the command of your editor, e.g. SITEGEN_EDITOR=code, and restart sitegen dev.\n`);
  }
}

/** A loopback name (local-host.ts), or the address the server listens on: never a name a DNS-rebinding page could use. */
export function isLocalHost(header: string | undefined, listen: string): boolean {
  if (localHost(header)) return true;
  const name = hostName(header);
  return !!name && (name === listen.toLowerCase() || name === `[${listen.toLowerCase()}]`);
}
