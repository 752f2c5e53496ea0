import { displayPath } from '../src/format/display-path.js';
import { NOT_FOUND_SLOT } from '../src/model/browser-contract.js';

/**
 * The 404 page in the browser. A static host serves one file for every unknown path, with the path's
 * slot empty and hidden: it is filled in here, as text (textContent, never innerHTML: the path is
 * the visitor's, or an attacker's), read as the edge shows it (src/format/display-path.ts). Where the edge already
 * filled it, it is left as it is. "Go back" is shown only when there is somewhere to go back to.
 */
export function fillNotFoundPath(doc: Document, location: Pick<Location, 'pathname'>, history: Pick<History, 'length' | 'back'>): void {
  const slot = doc.querySelector<HTMLElement>(`[${NOT_FOUND_SLOT}][hidden]`);
  const code = slot?.querySelector('code');
  if (code) {
    code.textContent = displayPath(location.pathname);
    slot!.hidden = false;
  }
  const back = doc.querySelector<HTMLElement>('[data-go-back]');
  if (back && history.length > 1) {
    back.hidden = false;
    back.addEventListener('click', () => history.back());
  }
}
