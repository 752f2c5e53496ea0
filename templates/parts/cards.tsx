import type { PageProps } from '../../src/model/page-props.js';
import type { Page } from '../../src/model/page.js';
import type { Entry } from '../../src/model/site.js';
import { formatDate } from './format.js';
import { Icon, type IconName } from './icon.js';
import { Picture } from './picture.js';

/**
 * The heading level of a card's title: 2 where the cards come straight under the page's h1 (list
 * pages), 3 under a section's h2 (the home page). A skipped level is invalid HTML.
 */
export type CardLevel = 2 | 3;

/** A card linking to a content page; the date and category line appear for articles. */
export function EntryCard({ entry, href, props, icon, first, level }: { entry: Entry; href: string; props: PageProps; icon?: IconName; first?: boolean; level: CardLevel }) {
  const { t, locale, assets } = props;
  const Title = level === 2 ? 'h2' : 'h3';
  return (
    <article className="card">
      {/* The first card's cover may be in the first screen; the others load as they scroll in. */}
      {entry.meta.cover ? <Picture props={props} className="card-cover" src={entry.meta.cover} alt="" placement={first ? 'eager' : 'lazy'} /> : null}
      <div className="card-body">
        {icon ? <span className="card-icon"><Icon name={icon} sprite={assets.sprite} size={24} /></span> : null}
        {entry.meta.category ? <p className="card-kicker">{t(`category.${entry.meta.category}`)}</p> : null}
        <Title className="card-title"><a href={href}>{entry.meta.title}</a></Title>
        <p className="card-text">{entry.meta.description}</p>
        {entry.meta.date ? <p className="card-meta"><time dateTime={entry.meta.date}>{formatDate(entry.meta.date, locale.hreflang)}</time></p> : null}
      </div>
    </article>
  );
}

/**
 * Cards for the pages of a list, in list order, their titles at `level`. `belowFold`: the grid is
 * further down a page (the home page's sections), where no card is in the first screen at any width,
 * so even the first cover waits.
 */
export function CardGrid({ pages, props, iconOf, level, belowFold = false }: { pages: Page[]; props: PageProps; iconOf?: (p: Page) => IconName | undefined; level: CardLevel; belowFold?: boolean }) {
  return (
    <div className="card-grid">
      {pages.map((p, i) => p.entry ? <EntryCard key={p.key} entry={p.entry} href={p.url} props={props} icon={iconOf?.(p)} first={i === 0 && !belowFold} level={level} /> : null)}
    </div>
  );
}
