import type { PageProps } from '../../src/model/page-props.js';

interface Suggestion {
  id: string;
  url: string;
  title: string;
  text: string;
  /** Pages inside the section, shown under it as a search result's sitelinks. */
  more?: { url: string; title: string }[];
}

/**
 * The 404 page's way on: the site's main sections, laid out as search results (title, address,
 * snippet), in the page's language. Only sections the locale has are listed; Russian visitors'
 * blog is the separate Russian blog (spec §1), an own domain and so an internal link (spec §5).
 */
export function NotFoundSuggestions(props: PageProps) {
  const { t, pageOf, tables, locale, config } = props;
  const features = tables.features.flatMap((f) => {
    const page = pageOf(`feature/${f.id}`);
    return page?.entry ? [{ url: page.url, title: page.entry.meta.title }] : [];
  });
  const blog = pageOf('blog')?.url ?? (locale.ownBlog ? undefined : `${config.russianBlog}/`);
  const candidates: (Suggestion | undefined)[] = [
    section('pricing', pageOf('pricing')?.url, t('page.pricing'), t('pricing.subtitle')),
    section('download', pageOf('download')?.url, t('page.download'), t('download.subtitle')),
    features.length ? { id: 'features', url: features[0]!.url, title: t('page.features'), text: t('features.intro'), more: features } : undefined,
    section('blog', blog, t('page.blog'), t('notFoundPage.blog')),
    section('helps', pageOf('helps')?.url, t('page.helps'), t('notFoundPage.helps')),
    section('docs', pageOf('docs')?.url, t('page.docs'), t('docs.intro')),
    section('solutions', pageOf('solutions')?.url, t('page.solutions'), t('solutions.intro')),
    section('faq', pageOf('faq')?.url, t('page.faq'), t('faq.intro')),
  ];
  const suggestions = candidates.filter((s): s is Suggestion => s !== undefined);
  return (
    <nav className="not-found-suggestions" aria-labelledby="not-found-suggestions">
      <h2 id="not-found-suggestions">{t('notFoundPage.suggestions')}</h2>
      <ol className="not-found-links">
        {suggestions.map((s) => (
          <li key={s.id}>
            <a className="not-found-link" href={s.url}>
              <span className="not-found-link-title">{s.title}</span>
              <span className="not-found-link-url">{addressLine(s.url)}</span>
            </a>
            <p>{s.text}</p>
            {s.more ? (
              <ul className="not-found-sitelinks">
                {s.more.map((m) => <li key={m.url}><a href={m.url}>{m.title}</a></li>)}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function section(id: string, url: string | undefined, title: string, text: string): Suggestion | undefined {
  return url === undefined ? undefined : { id, url, title, text };
}

/** The address as search results print it: host › segment › segment. */
function addressLine(url: string): string {
  const { host, pathname } = new URL(url);
  return [host, ...pathname.split('/').filter(Boolean)].join(' › ');
}
