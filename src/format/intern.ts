/**
 * One copy of each distinct string, holding nothing else alive. Page records repeat the same few
 * strings thousands of times (dependency lookups, island names): one string each, not one per page.
 * The copy matters as much: V8 makes a substring of 13 characters or more (a regular expression's
 * capture among them) a view into the string it came from, so an island name such as
 * "mobile-banner" kept in every page's record kept that page's whole HTML with it (half a gigabyte
 * of heap at 22 000 pages).
 */
export function intern(text: string): string {
  let own = interned.get(text);
  if (own === undefined) {
    own = Buffer.from(text, 'utf8').toString('utf8');
    interned.set(own, own);
  }
  return own;
}

const interned = new Map<string, string>();
