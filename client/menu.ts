/**
 * Without JavaScript the mobile menu opens with the #site-menu fragment (CSS :target). With it, the
 * toggle becomes a real disclosure button state (aria-expanded) and Escape closes the menu.
 */
export function enhanceMenu(doc: Document): void {
  const toggle = doc.querySelector<HTMLAnchorElement>('[data-menu-toggle]');
  const menu = doc.getElementById('site-menu');
  if (!toggle || !menu) return;
  toggle.setAttribute('role', 'button');
  toggle.setAttribute('aria-expanded', 'false');
  const set = (open: boolean) => {
    menu.classList.toggle('is-open', open);
    toggle.setAttribute('aria-expanded', String(open));
  };
  toggle.addEventListener('click', (event) => {
    event.preventDefault();
    set(!menu.classList.contains('is-open'));
  });
  doc.querySelector('[data-menu-close]')?.addEventListener('click', (event) => {
    event.preventDefault();
    set(false);
    toggle.focus();
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu.classList.contains('is-open')) {
      set(false);
      toggle.focus();
    }
  });
}
