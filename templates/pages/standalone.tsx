import type { PageProps } from '../../src/model/page-props.js';
import { Icon, type IconName } from '../parts/icon.js';
import { CtaBand, PageHero } from '../parts/page-hero.js';
import { FaqList } from '../parts/faq-list.js';
import { SiteLink } from '../parts/site-link.js';

const OS_ICON: Record<string, IconName> = { windows: 'windows', mac: 'apple', linux: 'linux' };

export function DownloadPage(props: PageProps) {
  const { t, tables, assets } = props;
  const groups = ['windows', 'mac', 'linux'] as const;
  return (
    <>
      <PageHero props={props} title={t('page.download')} lead={t('download.subtitle')} />
      <div className="container">
        <div className="download-grid">
          {groups.map((os) => (
            <section key={os} className="download-card" aria-labelledby={`os-${os}`}>
              <span className="download-icon"><Icon name={OS_ICON[os]!} sprite={assets.sprite} size={40} /></span>
              <h2 id={`os-${os}`}>{t(`download.${os}`)}</h2>
              <ul>
                {tables.downloads.filter((d) => d.os === os).map((d) => (
                  <li key={d.system}>
                    <a className="btn btn-primary" href={d.fallbackUrl} data-download-system={d.system} data-track="download" rel="nofollow">
                      <Icon name="download" sprite={assets.sprite} size={18} /> {t(`download.${d.label}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <p className="note">{t('download.requirements')}</p>
      </div>
    </>
  );
}

export function FaqPage(props: PageProps) {
  const { t, faq } = props;
  return (
    <>
      <PageHero props={props} title={t('page.faq')} lead={t('faq.intro')} />
      <div className="container narrow">
        <FaqList items={faq} />
      </div>
      <CtaBand props={props} />
    </>
  );
}

export function LinksPage(props: PageProps) {
  const { t, tables } = props;
  return (
    <>
      <PageHero props={props} title={t('page.links')} lead={t('links.intro')} />
      <div className="container narrow">
        <ul className="link-list">
          {tables.links.map((link) => (
            <li key={link.url}>
              <SiteLink href={link.url} props={props}>{link.name}</SiteLink>
              <span className="link-host">{new URL(link.url).host}</span>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
