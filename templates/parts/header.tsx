import type { PageProps } from '../../src/model/page-props.js';
import { Icon } from './icon.js';
import { LanguageSwitcher } from './language-switcher.js';
import { HeaderSearch } from './site-search.js';
import { isExternalHref } from './site-link.js';

/** Site header: brand, the ten menu entries of the spec, pricing and download, language switcher, login and sign-up. */
export function Header(props: PageProps) {
  const { t, tables, config, assets, resolve, page } = props;
  const items = tables.navigation.flatMap((item) => {
    const href = 'route' in item ? resolve(item.route) : config.social[item.url];
    if (!href) return [];
    // Spec §5: the chat group and the videos are on the product's own domains, so internal links.
    const external = isExternalHref(href, config);
    const current = 'route' in item && (page.url === href || page.url.startsWith(`${href}/`));
    return [{ id: item.id, href, external, current }];
  });
  // Beside the spec's menu: the two pages a visitor deciding on the product looks for.
  const product = (['pricing', 'download'] as const).flatMap((id) => {
    const href = resolve(`/${id}`);
    return href ? [{ id, href, current: page.url === href }] : [];
  });
  return (
    <header className="site-header">
      <div className="container header-row">
        <a className="brand" href={props.pageOf('home')?.url ?? '/'}>
          <Icon name="logo" sprite={assets.sprite} size={28} />
          <span>{t('site.name')}</span>
        </a>
        <a className="menu-toggle" href="#site-menu" aria-controls="site-menu" data-menu-toggle="">
          <Icon name="menu" sprite={assets.sprite} label={t('a11y.openMenu')} />
        </a>
        <nav id="site-menu" className="site-nav" aria-label={t('a11y.mainNavigation')}>
          <a className="menu-close" href="#" data-menu-close="">
            <Icon name="close" sprite={assets.sprite} label={t('a11y.closeMenu')} />
          </a>
          <HeaderSearch {...props} />
          <ul className="nav-list">
            {items.map((item) => (
              <li key={item.id}>
                <a href={item.href} aria-current={item.current ? 'page' : undefined} {...(item.external ? { rel: 'noopener noreferrer', target: '_blank' } : {})}>
                  {t(`nav.${item.id}`)}
                  {item.external ? <> <Icon name="external" sprite={assets.sprite} size={14} /></> : null}
                </a>
              </li>
            ))}
          </ul>
          {product.length ? (
            <ul className="nav-list nav-product">
              {product.map((item) => (
                <li key={item.id}><a href={item.href} aria-current={item.current ? 'page' : undefined}>{t(`page.${item.id}`)}</a></li>
              ))}
            </ul>
          ) : null}
          <div className="header-actions">
            <LanguageSwitcher {...props} />
            <a className="btn btn-ghost" href={props.appLinks.login} data-app-link="login" data-track="login">{t('header.login')}</a>
            <a className="btn btn-primary" href={props.appLinks.register} data-app-link="register" data-track="register">{t('header.register')}</a>
          </div>
        </nav>
      </div>
    </header>
  );
}
