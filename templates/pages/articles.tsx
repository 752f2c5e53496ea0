import type { PageProps } from '../../src/model/page-props.js';
import { CardGrid } from '../parts/cards.js';
import { formatDate } from '../parts/format.js';
import { Icon } from '../parts/icon.js';
import { PageHero } from '../parts/page-hero.js';
import { Pagination } from '../parts/pagination.js';
import { Picture } from '../parts/picture.js';
import { Prose } from '../parts/prose.js';

/** Blog, news, guide and help lists, with the category and tag filter of blog and news. */
export function ArticleList(props: PageProps) {
  const { page, t, pageOf } = props;
  const list = page.list!;
  const section = String(page.section);
  const parts = [t(`page.${section}`), list.category ? t(`category.${list.category}`) : '', list.tag ? t('list.taggedWith', { tag: t(`tag.${list.tag}`) }) : ''].filter(Boolean);
  const cards = list.items.flatMap((e) => pageOf(`${section}/${e.id}`) ?? []);
  return (
    <>
      <PageHero props={props} title={parts.join(' · ')} />
      <div className="container list-layout">
        {list.categories.length ? (
          <nav className="filters" aria-label={t('list.categories')}>
            <ul className="chip-list">
              <li><a className="chip" href={pageOf(section)?.url} aria-current={!list.category ? 'page' : undefined}>{t('list.all')}</a></li>
              {list.categories.map((c) => (
                <li key={c}><a className="chip" href={pageOf(`${section}-${c}`)?.url} aria-current={list.category === c && !list.tag ? 'page' : undefined}>{t(`category.${c}`)}</a></li>
              ))}
            </ul>
            {list.category && list.tags.length ? (
              <ul className="chip-list tags">
                {list.tags.map((tag) => (
                  <li key={tag}><a className="chip chip-tag" href={pageOf(`${section}-${list.category}/${tag}`)?.url} aria-current={list.tag === tag ? 'page' : undefined}>#{t(`tag.${tag}`)}</a></li>
                ))}
              </ul>
            ) : null}
          </nav>
        ) : null}
        {cards.length ? <CardGrid pages={cards} props={props} level={2} /> : <p>{t('list.empty')}</p>}
        <Pagination {...props} />
      </div>
    </>
  );
}

export function ArticlePage(props: PageProps) {
  const { page, t, locale, pageOf, assets } = props;
  const entry = page.entry!;
  const section = String(page.section);
  const { meta } = entry;
  const categoryPage = meta.category ? pageOf(`${section}-${meta.category}`) : undefined;
  return (
    <article className="article">
      <PageHero props={props} title={meta.title} lead={meta.description}>
        <p className="article-meta">
          {meta.date ? <span><Icon name="calendar" sprite={assets.sprite} size={16} /> <time dateTime={meta.date}>{t('article.publishedOn', { date: formatDate(meta.date, locale.hreflang) })}</time></span> : null}
          {meta.updated ? <span><time dateTime={meta.updated}>{t('article.updatedOn', { date: formatDate(meta.updated, locale.hreflang) })}</time></span> : null}
          {meta.author ? <span>{t('article.by', { author: meta.author })}</span> : null}
          {categoryPage ? <a className="chip" href={categoryPage.url}>{t(`category.${meta.category}`)}</a> : null}
        </p>
      </PageHero>
      <div className="container narrow">
        {meta.cover ? <Picture props={props} className="article-cover" src={meta.cover} alt="" placement="lead" /> : null}
        <Prose html={entry.html} />
        {meta.tags?.length && meta.category ? (
          <nav aria-label={t('list.tags')}>
            <ul className="chip-list tags">
              {meta.tags.map((tag) => {
                const tagPage = pageOf(`${section}-${meta.category}/${tag}`);
                return tagPage ? <li key={tag}><a className="chip chip-tag" href={tagPage.url}>#{t(`tag.${tag}`)}</a></li> : null;
              })}
            </ul>
          </nav>
        ) : null}
        <p><a className="back-link" href={pageOf(section)?.url}>← {t('article.backToList')}</a></p>
      </div>
    </article>
  );
}
