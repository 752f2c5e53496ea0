import type { ReactNode } from 'react';
import type { PageProps } from '../../src/model/page-props.js';

/** The /_icons page: the sprite itself on a bare page, for designers and for checking icons. */
export function SpriteLayout(props: PageProps & { children: ReactNode }) {
  return <main id="main" className="sprite-page">{props.children}</main>;
}
