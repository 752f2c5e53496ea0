// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startScrollHandling, targetOfHash } from '../../../../client/navigation/scroll.js';

/** A document of its own per test, so listeners added by one test never see another's clicks. */
function makeDoc(body: string, { keepScroll = false, readyState = 'complete' }: { keepScroll?: boolean; readyState?: DocumentReadyState } = {}): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = body;
  if (keepScroll) doc.body.setAttribute('data-keep-scroll', '');
  Object.defineProperty(doc, 'readyState', { configurable: true, get: () => readyState });
  return doc;
}

function spyScroll(el: Element): ReturnType<typeof vi.fn> {
  const spy = vi.fn();
  (el as HTMLElement).scrollIntoView = spy;
  return spy;
}

function clickOn(el: Element): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  el.dispatchEvent(event);
  return event;
}

describe('targetOfHash', () => {
  const doc = makeDoc('<h2 id="faq">FAQ</h2><h2 id="câu-hỏi thường gặp">Hỏi</h2><h2 id="100%">All</h2>');

  it('finds the element of a plain hash', () => {
    expect(targetOfHash(doc, '#faq')?.textContent).toBe('FAQ');
  });

  it('decodes a percent-encoded id', () => {
    expect(targetOfHash(doc, `#${encodeURIComponent('câu-hỏi thường gặp')}`)?.textContent).toBe('Hỏi');
    expect(targetOfHash(doc, '#c%C3%A2u-h%E1%BB%8Fi%20th%C6%B0%E1%BB%9Dng%20g%E1%BA%B7p')?.textContent).toBe('Hỏi');
  });

  it('uses the raw id when it is not valid percent-encoding', () => {
    expect(targetOfHash(doc, '#100%')?.textContent).toBe('All');
  });

  it('returns null for an empty hash, a bare # and a missing id', () => {
    expect(targetOfHash(doc, '')).toBeNull();
    expect(targetOfHash(doc, '#')).toBeNull();
    expect(targetOfHash(doc, '#missing')).toBeNull();
    expect(targetOfHash(doc, '#FAQ')).toBeNull();
  });
});

describe('startScrollHandling', () => {
  let pushState: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    window.history.replaceState(null, '', '/vn/help/');
    pushState = vi.spyOn(window.history, 'pushState');
  });

  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/vn/help/');
  });

  it('scrolls to the target of an in-page link and pushes its hash', () => {
    const doc = makeDoc('<nav><a href="#pricing-faq"><span>FAQ</span></a></nav><section id="pricing-faq">FAQ</section>');
    const scroll = spyScroll(doc.getElementById('pricing-faq')!);
    startScrollHandling(doc, window);
    const event = clickOn(doc.querySelector('span')!);
    expect(scroll).toHaveBeenCalledExactlyOnceWith({ block: 'start', behavior: 'smooth' });
    expect(event.defaultPrevented).toBe(true);
    expect(pushState).toHaveBeenCalledExactlyOnceWith(null, '', '#pricing-faq');
    expect(window.location.hash).toBe('#pricing-faq');
  });

  it('handles a link whose id is percent-encoded', () => {
    const doc = makeDoc('<a href="#c%C3%A2u-h%E1%BB%8Fi">Hỏi</a><section id="câu-hỏi">…</section>');
    const scroll = spyScroll(doc.getElementById('câu-hỏi')!);
    startScrollHandling(doc, window);
    clickOn(doc.querySelector('a')!);
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(pushState).toHaveBeenCalledWith(null, '', '#c%C3%A2u-h%E1%BB%8Fi');
  });

  it('leaves a link to a missing id, and other links, to the browser', () => {
    const doc = makeDoc('<a id="missing" href="#nowhere">x</a><a id="page" href="/vn/blog/">Blog</a><a id="bare" href="#">Top</a>');
    startScrollHandling(doc, window);
    for (const id of ['missing', 'page', 'bare']) expect(clickOn(doc.getElementById(id)!).defaultPrevented).toBe(false);
    expect(pushState).not.toHaveBeenCalled();
  });

  it('leaves a click another handler already took', () => {
    const doc = makeDoc('<a href="#faq">FAQ</a><section id="faq"></section>');
    const scroll = spyScroll(doc.getElementById('faq')!);
    startScrollHandling(doc, window);
    doc.querySelector('a')!.addEventListener('click', (e) => e.preventDefault());
    clickOn(doc.querySelector('a')!);
    expect(scroll).not.toHaveBeenCalled();
    expect(pushState).not.toHaveBeenCalled();
  });

  it('does nothing on a page with body[data-keep-scroll]', () => {
    window.history.replaceState(null, '', '/vn/help/#faq');
    const doc = makeDoc('<a href="#faq">FAQ</a><section id="faq"></section>', { keepScroll: true });
    const scroll = spyScroll(doc.getElementById('faq')!);
    startScrollHandling(doc, window);
    const event = clickOn(doc.querySelector('a')!);
    expect(scroll).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
    expect(pushState).not.toHaveBeenCalled();
  });

  it('lands on the hash of the URL at once when the page has loaded', () => {
    window.history.replaceState(null, '', '/vn/help/#faq');
    const doc = makeDoc('<section id="faq"></section>');
    const scroll = spyScroll(doc.getElementById('faq')!);
    startScrollHandling(doc, window);
    expect(scroll).toHaveBeenCalledExactlyOnceWith({ block: 'start' });
  });

  it('waits for the load event before landing on the hash', () => {
    window.history.replaceState(null, '', '/vn/help/#faq');
    const doc = makeDoc('<section id="faq"></section>', { readyState: 'interactive' });
    const scroll = spyScroll(doc.getElementById('faq')!);
    startScrollHandling(doc, window);
    expect(scroll).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(scroll).toHaveBeenCalledExactlyOnceWith({ block: 'start' });
    window.dispatchEvent(new Event('load'));
    expect(scroll).toHaveBeenCalledTimes(1);
  });
});
