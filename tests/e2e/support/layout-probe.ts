/**
 * What the layout test measures on a page, in the page (handed to page.evaluate, so it is one
 * self-contained function: no imports, no closures over this module).
 */
export interface LayoutProbe {
  /** document.documentElement.scrollWidth: wider than the viewport means the page scrolls sideways. */
  scrollWidth: number;
  /** When it is wider: the outermost elements that stick out on the right, for the failure message. */
  sticksOut: string[];
  /** Floating widgets over a CTA or a pricing card (see coveredWhy). */
  covered: string[];
  /** The floating widgets found (to-top, QR, chat, consent), as `name x..x`, for the matrix. */
  widgets: string[];
  /** Whether the layout leaves a gutter beside the content that the floating column fits in. */
  gutter: boolean;
  /** Images of the page's content below the first screen that are not loading="lazy", by src. */
  eagerBelowFold: string[];
}

/**
 * Widgets are the fixed floating buttons and banners that overlay the page: the back-to-top and QR
 * buttons (.floating), a chat widget, the consent banner. The mobile registration banner is not one:
 * it is a strip along the bottom that slides away when the visitor scrolls (spec §2).
 * Targets are CTAs (.btn) and pricing cards (.plan). Two rules:
 * - first fold (the page as it opens): no visible widget's box intersects a target's box;
 * - where the layout leaves a gutter right of the content at least as wide as the floating column
 *   (the back-to-top button and its right margin), every widget stays in it: its horizontal extent
 *   meets no target and no container's content box, so no scroll position can bring them together.
 *   The back-to-top button counts even while hidden, as it appears once the visitor scrolls.
 */
export function probeLayout(viewportWidth: number): LayoutProbe {
  const label = (el: Element) => {
    const classes = [...el.classList].slice(0, 2).map((c) => `.${c}`).join('');
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes}${text ? ` "${text}"` : ''}`;
  };
  const scrollWidth = document.documentElement.scrollWidth;
  const sticksOut: string[] = [];
  if (scrollWidth > viewportWidth) {
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.right <= viewportWidth + 0.5 || (box.width === 0 && box.height === 0)) continue;
      const parent = el.parentElement?.getBoundingClientRect();
      if (parent && parent.right > viewportWidth + 0.5) continue;
      sticksOut.push(`${label(el)} right=${Math.round(box.right)}`);
    }
  }

  const shown = (el: Element) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return style.display !== 'none' && box.width > 0 && box.height > 0;
  };
  const visibleNow = (el: Element) => {
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && Number(style.opacity) > 0;
  };
  const widgets = [...document.querySelectorAll('.floating, .consent-banner, [data-chat-widget]')]
    .filter((el) => getComputedStyle(el).position === 'fixed' && shown(el));
  const targets = [...document.querySelectorAll('.btn, .plan')]
    .filter((el) => shown(el) && !widgets.some((w) => w.contains(el)) && !el.closest('.mobile-banner, .site-nav'));
  const covered: string[] = [];
  const intersects = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  for (const widget of widgets.filter(visibleNow)) {
    const box = widget.getBoundingClientRect();
    for (const target of targets) {
      if (intersects(box, target.getBoundingClientRect())) covered.push(`${label(widget)} covers ${label(target)} on the first fold`);
    }
  }

  const toTop = widgets.find((w) => w.classList.contains('to-top'));
  const containers = [...document.querySelectorAll('.container')].filter((el) => shown(el) && !el.closest('.site-nav'));
  const contentRight = (el: Element) => el.getBoundingClientRect().right - parseFloat(getComputedStyle(el).paddingRight);
  const column = toTop ? viewportWidth - toTop.getBoundingClientRect().left : Infinity;
  const rightmost = Math.max(...containers.map(contentRight));
  const gutter = containers.length > 0 && viewportWidth - rightmost >= column;
  if (gutter) {
    for (const widget of widgets.filter((w) => w.classList.contains('floating'))) {
      const left = widget.getBoundingClientRect().left;
      for (const target of [...targets, ...containers]) {
        const right = target.classList.contains('container') ? contentRight(target) : target.getBoundingClientRect().right;
        if (left < right) covered.push(`${label(widget)} (left ${Math.round(left)}) passes over ${target.classList.contains('container') ? 'the content' : label(target)} (right ${Math.round(right)}) when the page scrolls`);
      }
    }
  }
  const widgetNames = widgets.map((w) => {
    const box = w.getBoundingClientRect();
    return `${label(w).split(' ')[0]} ${Math.round(box.left)}..${Math.round(box.right)}`;
  });
  // Images in fixed widgets (the phone banner, waiting below the screen) are not the page's content.
  const inFixed = (el: Element) => {
    for (let at: Element | null = el; at; at = at.parentElement) if (getComputedStyle(at).position === 'fixed') return true;
    return false;
  };
  const eagerBelowFold = [...document.images]
    .filter((img) => img.loading !== 'lazy' && img.getBoundingClientRect().top >= window.innerHeight && !inFixed(img))
    .map((img) => img.getAttribute('src') ?? '');
  return { scrollWidth, sticksOut: sticksOut.slice(0, 8), covered: [...new Set(covered)].slice(0, 8), widgets: widgetNames, gutter, eagerBelowFold };
}

/**
 * Where the text of the element showing `text` breaks onto a new line: the index of the first
 * character of each new line. Undefined when no element shows exactly that text.
 */
export function lineBreaksOf(text: string): number[] | undefined {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent !== text) continue;
    const range = document.createRange();
    const breaks: number[] = [];
    let lastTop: number | undefined;
    for (let i = 0; i < text.length; i++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const top = range.getClientRects()[0]?.top;
      if (top === undefined) continue;
      if (lastTop !== undefined && top > lastTop + 2) breaks.push(i);
      lastTop = top;
    }
    return breaks;
  }
  return undefined;
}

/** A few letters of each script the 14 locales are written in. */
export const SCRIPT_SAMPLES: Record<string, string> = {
  latin: 'aęệ', cyrillic: 'жїы', hans: '简体字', hant: '繁體字', kana: 'あカ', hangul: '한국어', thai: 'กขค', devanagari: 'कखग',
};

/**
 * The scripts whose letters the page's font stack draws with no font at all: each letter as wide as
 * the missing-glyph box (U+0378 is unassigned, so every font draws that box for it).
 */
export function scriptsWithoutFont(samples: Record<string, string>): string[] {
  const widthOf = (text: string) => {
    const span = document.createElement('span');
    span.style.cssText = 'position:absolute;white-space:pre;font-size:40px';
    span.textContent = text;
    document.body.append(span);
    const width = span.getBoundingClientRect().width;
    span.remove();
    return width;
  };
  const box = widthOf('\u0378');
  return Object.entries(samples).filter(([, letters]) => [...letters].every((letter) => Math.abs(widthOf(letter) - box) < 0.5)).map(([script]) => script);
}
