/**
 * The page side of `sitegen dev`, inlined into every HTML answer (bundled by panel-script.ts): it
 * reloads the page after a good build and shows the errors of a failed one in a panel over the
 * page. Browser code: it imports types only.
 *
 * The panel is an opaque layer in a shadow root, so the page's CSS neither shows through nor
 * restyles it; every text is set as text (a message can never inject markup); focus moves to it,
 * Tab stays in it, Escape or its Close button dismiss it until the next failed build, and a good
 * build reloads the page without it. A location or docs link asks the dev server to open the file
 * in the writer's editor (POST with the session's token; the server decides what may be opened).
 */
import type { DocsLink, PanelError, PanelReport } from './panel-errors.js';

interface DevConfig {
  events: string;
  open: string;
  token: string;
}

const config = JSON.parse((document.currentScript as HTMLScriptElement | null)?.dataset.sitegenDev ?? '{}') as DevConfig;

const STYLE = `
.backdrop { position: fixed; inset: 0; overflow: auto; background: #161821; color: #eceef4;
  font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; text-align: left; }
.dialog { max-width: 60rem; margin: 0 auto; padding: 2rem 1.5rem 3rem; outline: none; }
header { display: flex; gap: 1rem; align-items: flex-start; justify-content: space-between;
  border-bottom: 1px solid #343849; padding-bottom: 1rem; }
h1 { margin: 0; font-size: 1.5rem; line-height: 1.3; color: #ff8f8f; }
.intro { margin: .35rem 0 0; color: #b3b8c8; }
button { font: inherit; font-size: .95rem; background: #2a2e3d; color: inherit; border: 1px solid #4a5068;
  border-radius: 6px; padding: .4rem .8rem; cursor: pointer; white-space: nowrap; }
button:hover { background: #343949; }
kbd { font: .8rem ui-monospace, monospace; border: 1px solid #4a5068; border-radius: 4px; padding: 0 .3rem; margin-left: .3rem; }
a { color: #8fb8ff; }
a:focus-visible, button:focus-visible { outline: 2px solid #8fb8ff; outline-offset: 2px; }
.status { min-height: 1.5em; margin: .75rem 0 0; color: #b3b8c8; }
ol { list-style: none; margin: 0; padding: 0; }
li { border-bottom: 1px solid #2a2e3d; padding: 1.25rem 0; }
.where { display: flex; flex-wrap: wrap; gap: .25rem .75rem; align-items: baseline; }
.location { font: .95rem ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
.code { font: .8rem ui-monospace, monospace; background: #2a2e3d; color: #ffd479; padding: .1rem .4rem; border-radius: 4px; }
.title { font-weight: 600; }
.message { margin: .5rem 0; white-space: pre-wrap; overflow-wrap: anywhere; }
pre { margin: .5rem 0; padding: .75rem 1rem; background: #0e0f15; border-radius: 6px; overflow: auto;
  font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: #d6d9e2; }
.hint { margin: .5rem 0 0; color: #bfeccc; }
.hint strong { color: #8fe3a6; }
`;

/** The host element: on top of everything, opaque, and out of reach of the page's styles (inline !important). */
const HOST_STYLE = 'all: initial !important; display: block !important; position: fixed !important; inset: 0 !important; z-index: 2147483647 !important;';

let shown: { host: HTMLElement; build: number; before: Element | null } | undefined;
/** The failed build whose panel was dismissed: the event stream sends it again when it reconnects. */
let dismissed = -1;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function openLink(text: string, params: Record<string, string>, status: HTMLElement, className = ''): HTMLAnchorElement {
  const query = new URLSearchParams(params).toString();
  const link = element('a', { href: `${config.open}?${query}`, class: className, title: 'Open in your editor' }, text);
  link.addEventListener('click', (event) => {
    event.preventDefault();
    status.textContent = `Opening ${text}…`;
    fetch(`${config.open}?${query}`, { method: 'POST', headers: { 'x-sitegen-token': config.token } })
      .then(async (response) => { status.textContent = (await response.text()).trim(); })
      .catch((error: unknown) => { status.textContent = `Could not reach sitegen dev: ${String(error)}`; });
  });
  return link;
}

const docsReference = (doc: DocsLink) => `docs/${doc.page}${doc.anchor ? `#${doc.anchor}` : ''}`;
const docsLink = (doc: DocsLink, status: HTMLElement) => openLink(docsReference(doc), { doc: doc.page, anchor: doc.anchor }, status);

/** The hint, with each docs/… reference in its text made a link; the docs links it does not name follow it. */
function hint(text: string | undefined, docs: readonly DocsLink[], status: HTMLElement): HTMLParagraphElement[] {
  const paragraphs: HTMLParagraphElement[] = [];
  const rest = [...docs];
  if (text !== undefined) {
    const paragraph = element('p', { class: 'hint' });
    paragraph.append(element('strong', {}, 'Hint: '));
    let at = 0;
    for (const doc of docs) {
      const found = text.indexOf(docsReference(doc), at);
      if (found < 0) continue;
      paragraph.append(text.slice(at, found), docsLink(doc, status));
      at = found + docsReference(doc).length;
      rest.splice(rest.indexOf(doc), 1);
    }
    paragraph.append(text.slice(at));
    paragraphs.push(paragraph);
  }
  if (rest.length) {
    const more = element('p', { class: 'hint' });
    more.append(element('strong', {}, 'Docs: '));
    rest.forEach((doc, i) => more.append(...(i ? [', '] : []), docsLink(doc, status)));
    paragraphs.push(more);
  }
  return paragraphs;
}

function errorItem(error: PanelError, status: HTMLElement): HTMLLIElement {
  const item = element('li');
  const where = element('div', { class: 'where' });
  if (error.file) {
    const place = error.line ? `${error.file}:${error.line}:${error.column ?? 1}` : error.file;
    where.append(openLink(place, { file: error.file, line: String(error.line ?? 1), column: String(error.column ?? 1) }, status, 'location'));
  }
  where.append(element('span', { class: 'code' }, error.code), element('span', { class: 'title' }, error.title));
  item.append(where, element('p', { class: 'message' }, error.message));
  if (error.frame) item.append(element('pre', { class: 'frame' }, error.frame));
  item.append(...hint(error.hint, error.docs, status));
  return item;
}

function show(report: PanelReport): void {
  const before = shown ? shown.before : document.activeElement;
  shown?.host.remove();
  const host = document.createElement('sitegen-error-panel');
  host.setAttribute('style', HOST_STYLE);
  const root = host.attachShadow({ mode: 'open' });
  const count = report.errors.length;
  const dialog = element('div', { class: 'dialog', role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': 'heading', 'aria-describedby': 'intro', tabindex: '-1' });
  const close = element('button', { type: 'button', class: 'close', 'aria-label': 'Close the error panel' }, 'Close');
  close.append(element('kbd', { 'aria-hidden': 'true' }, 'Esc'));
  close.addEventListener('click', dismiss);
  const heading = element('div');
  heading.append(
    element('h1', { id: 'heading' }, `Build failed: ${count} ${count === 1 ? 'error' : 'errors'}`),
    element('p', { id: 'intro', class: 'intro' }, 'The page behind this panel is the last good build. Fix what is listed here and save: the page reloads by itself.'),
  );
  const header = element('header');
  header.append(heading, close);
  const status = element('p', { class: 'status', role: 'status' });
  const list = element('ol');
  for (const error of report.errors) list.append(errorItem(error, status));
  dialog.append(header, status, list);
  const backdrop = element('div', { class: 'backdrop' });
  backdrop.append(dialog);
  root.append(element('style', {}, STYLE), backdrop);
  document.documentElement.append(host);
  shown = { host, build: report.build, before };
  dialog.focus();
}

function dismiss(): void {
  if (!shown) return;
  dismissed = shown.build;
  shown.host.remove();
  const { before } = shown;
  shown = undefined;
  if (before instanceof HTMLElement && before.isConnected) before.focus();
}

/** Escape dismisses; Tab and Shift+Tab go round the panel's links and button, never to the page behind it. */
document.addEventListener('keydown', (event) => {
  if (!shown) return;
  if (event.key === 'Escape') {
    event.preventDefault();
    dismiss();
    return;
  }
  if (event.key !== 'Tab') return;
  const root = shown.host.shadowRoot!;
  const stops = [...root.querySelectorAll<HTMLElement>('a[href], button')];
  if (!stops.length) return;
  const index = stops.indexOf(root.activeElement as HTMLElement);
  const next = event.shiftKey ? (index <= 0 ? stops.length - 1 : index - 1) : (index < 0 || index === stops.length - 1 ? 0 : index + 1);
  event.preventDefault();
  stops[next]!.focus();
}, true);

const events = new EventSource(config.events);
events.addEventListener('reload', () => location.reload());
events.addEventListener('errors', (event) => {
  const report = JSON.parse((event as MessageEvent<string>).data) as PanelReport;
  if (report.build !== dismissed) show(report);
});
