import type { PageProps } from '../../src/model/page-props.js';
import { Icon } from './icon.js';

/**
 * A native <details> disclosure: keyboard-usable without JavaScript. Each link carries its locale
 * code so the client runtime can store the choice in the myLocale cookie before leaving.
 */
export function LanguageSwitcher({ page, locale, locales, t, assets }: PageProps) {
  return (
    <details className="lang-switch">
      <summary aria-label={`${t('header.language')}: ${locale.nativeName}`}>
        <Icon name="globe" sprite={assets.sprite} />
        <span>{locale.nativeName}</span>
        <Icon name="chevronDown" sprite={assets.sprite} size={16} />
      </summary>
      <ul className="lang-list">
        {page.switcher.map((target) => {
          const l = locales.find((x) => x.code === target.locale)!;
          return (
            <li key={target.locale}>
              <a href={target.url} hrefLang={l.hreflang} lang={l.hreflang} data-locale={l.code} aria-current={target.current ? 'true' : undefined}>
                {l.nativeName}
              </a>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
