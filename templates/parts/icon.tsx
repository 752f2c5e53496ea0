/** An icon from the SVG sprite (/_icons shows them all). Decorative unless given a label. */
export function Icon({ name, sprite, label, size = 20 }: { name: IconName; sprite: string; label?: string; size?: number }) {
  return (
    <svg className="icon" width={size} height={size} aria-hidden={label ? undefined : true} role={label ? 'img' : undefined} aria-label={label} focusable="false">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

/** Icon shapes on a 24×24 grid, drawn with a 2px stroke in currentColor. */
export const ICONS = {
  logo: '<rect x="3" y="3" width="8" height="8" rx="2"/><rect x="13" y="3" width="8" height="8" rx="2"/><rect x="3" y="13" width="8" height="8" rx="2"/><circle cx="17" cy="17" r="4"/>',
  users: '<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6"/><circle cx="17" cy="9" r="2.5"/><path d="M16 14.2c3 .2 5.5 2.3 5.5 5.8"/>',
  sync: '<path d="M20 7h-9a6 6 0 0 0-6 6"/><path d="M17 4l3 3-3 3"/><path d="M4 17h9a6 6 0 0 0 6-6"/><path d="M7 20l-3-3 3-3"/>',
  robot: '<rect x="4" y="8" width="16" height="12" rx="3"/><path d="M12 4v4"/><circle cx="12" cy="3" r="1"/><circle cx="9" cy="14" r="1.5"/><circle cx="15" cy="14" r="1.5"/>',
  code: '<path d="M8 7l-5 5 5 5"/><path d="M16 7l5 5-5 5"/><path d="M13.5 4l-3 16"/>',
  layers: '<path d="M12 3l9 5-9 5-9-5z"/><path d="M3 13l9 5 9-5"/>',
  team: '<circle cx="12" cy="7" r="3"/><circle cx="5" cy="10" r="2"/><circle cx="19" cy="10" r="2"/><path d="M6.5 20c0-3 2.5-5.5 5.5-5.5s5.5 2.5 5.5 5.5"/><path d="M1.5 18c0-2 1.5-3.6 3.5-3.6M22.5 18c0-2-1.5-3.6-3.5-3.6"/>',
  check: '<path d="M4 12.5l5 5L20 6.5"/>',
  download: '<path d="M12 3v12"/><path d="M7 10l5 5 5-5"/><path d="M4 20h16"/>',
  windows: '<path d="M3 5.5l7.5-1v7H3zM12.5 4.2L21 3v8.5h-8.5zM3 12.5h7.5v7L3 18.5zM12.5 12.5H21V21l-8.5-1.2z"/>',
  apple: '<path d="M16 3c-1.3.1-2.8 1-3.4 2.3-.6 1.2-.5 2.6-.5 2.6 1.4.1 2.8-.8 3.4-2 .6-1.2.5-2.9.5-2.9z"/><path d="M19.5 16.5c-.8 1.9-2.2 4.4-3.9 4.4-1.4 0-1.8-.9-3.6-.9s-2.3.9-3.6.9C6.6 20.9 4 16.8 4 13c0-3.4 2.2-5.2 4.3-5.2 1.4 0 2.6.9 3.5.9.8 0 2.2-1 3.8-1 .6 0 2.7.1 4 2.1-3.4 1.9-2.7 6.3-.1 6.7z"/>',
  linux: '<path d="M12 3c-2.2 0-3.5 1.8-3.5 4.5 0 1.6.4 2.6-.6 4.2C6.6 13.6 5 15.8 5 18c0 1.6 1.2 3 3 3h8c1.8 0 3-1.4 3-3 0-2.2-1.6-4.4-2.9-6.3-1-1.6-.6-2.6-.6-4.2C15.5 4.8 14.2 3 12 3z"/><circle cx="10.5" cy="8" r=".8"/><circle cx="13.5" cy="8" r=".8"/>',
  arrowRight: '<path d="M4 12h16"/><path d="M14 6l6 6-6 6"/>',
  arrowUp: '<path d="M12 20V4"/><path d="M6 10l6-6 6 6"/>',
  menu: '<path d="M4 7h16M4 12h16M4 17h16"/>',
  close: '<path d="M6 6l12 12M18 6L6 18"/>',
  globe: '<circle cx="12" cy="12" r="9"/><path d="M3 12h18"/><path d="M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z"/>',
  chevronDown: '<path d="M6 9l6 6 6-6"/>',
  external: '<path d="M14 4h6v6"/><path d="M20 4l-9 9"/><path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"/>',
  shield: '<path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z"/><path d="M8.5 12l2.5 2.5 4.5-5"/>',
  fingerprint: '<path d="M6.5 18.5c1-1.8 1.5-4 1.5-6.5a4 4 0 0 1 8 0c0 1.4-.1 2.8-.4 4.1"/><path d="M12 12c0 3.2-.8 6.2-2.4 8.7"/><path d="M4.3 14.8C4.1 13.9 4 13 4 12a8 8 0 0 1 15.6-2.5"/><path d="M15 20.4c.5-1 .9-2.1 1.2-3.2"/>',
  chat: '<path d="M4 5h16v11H9l-5 4z"/><path d="M8 9.5h8M8 12.5h5"/>',
  warning: '<path d="M12 3l10 18H2z"/><path d="M12 10v5"/><circle cx="12" cy="18" r=".6"/>',
  calendar: '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>',
  tag: '<path d="M3 12V4h8l10 10-8 8z"/><circle cx="7.5" cy="7.5" r="1.5"/>',
  book: '<path d="M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2z"/><path d="M4 21V5"/><path d="M8 7h8"/>',
  star: '<path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"/>',
  search: '<circle cx="11" cy="11" r="7"/><path d="M20.5 20.5l-4.5-4.5"/>',
} as const;

export type IconName = keyof typeof ICONS;

/** The sprite file: one <symbol> per icon, referenced with <use href="sprite.svg#name">. */
export function spriteSvg(): string {
  const symbols = Object.entries(ICONS)
    .map(([id, body]) => `<symbol id="${id}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</symbol>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols}</svg>`;
}
