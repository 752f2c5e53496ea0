/** An icon from the page's SVG sprite, for islands (the templates' Icon lives server-side only). */
export function SpriteIcon({ sprite, name, size = 20 }: { sprite: string; name: string; size?: number }) {
  return (
    <svg className="icon" width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
