import type { PageProps } from '../../src/model/page-props.js';
import { ICONS, Icon, type IconName } from '../parts/icon.js';

export function IconsPage({ t, assets }: PageProps) {
  return (
    <>
      <h1>{t('page.icons')}</h1>
      <p>{t('icons.intro')}</p>
      <ul className="icon-grid">
        {(Object.keys(ICONS) as IconName[]).map((name) => (
          <li key={name}><Icon name={name} sprite={assets.sprite} size={32} /><code>{name}</code></li>
        ))}
      </ul>
    </>
  );
}
