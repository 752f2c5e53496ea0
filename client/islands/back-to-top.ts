/**
 * Spec §2: the back-to-top button is hidden until the page has scrolled one viewport height, then
 * shown at reduced opacity; scroll handling is throttled to 200 ms (spec §9).
 */
export const SCROLL_THROTTLE_MS = 200;

export function mount(el: HTMLElement): void {
  let scheduled = false;
  const update = () => {
    scheduled = false;
    el.classList.toggle('is-visible', window.scrollY > window.innerHeight);
  };
  window.addEventListener('scroll', () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(update, SCROLL_THROTTLE_MS);
  }, { passive: true });
  el.addEventListener('click', (event) => {
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: 'smooth' });
    (document.getElementById('main') as HTMLElement | null)?.focus({ preventScroll: true });
  });
  update();
}
