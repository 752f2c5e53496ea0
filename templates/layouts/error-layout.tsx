import type { ReactNode } from 'react';
import type { PageProps } from '../../src/model/page-props.js';
import { Icon } from '../parts/icon.js';

/** Error pages: no navigation that could itself fail, just the brand and the message. */
export function ErrorLayout(props: PageProps & { children: ReactNode }) {
  const home = props.pageOf('home')?.url ?? '/';
  return (
    <div className="error-shell">
      <header className="error-brand">
        <a href={home} className="brand"><Icon name="logo" sprite={props.assets.sprite} size={28} /><span>{props.t('site.name')}</span></a>
      </header>
      <main id="main" className="error-main">{props.children}</main>
    </div>
  );
}
