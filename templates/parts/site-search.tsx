import SiteSearch, { type SiteSearchProps } from '../../client/islands/search.js';
import type { PageProps, Translate } from '../../src/model/page-props.js';
import { Island } from './island.js';

/**
 * The search box of the header: in the top row on desktop, at the top of the menu on a phone. The
 * island hydrates at the visitor's first interaction; Pagefind loads at the first focus of the box
 * (client/islands/search.tsx). Without JavaScript it is a form to the search page.
 */
export function HeaderSearch(props: PageProps) {
  const island = searchIslandProps(props, 'header');
  if (!island) return null;
  return (
    <div className="header-search">
      <Island name="search" component={SiteSearch} props={island} load="interaction" />
    </div>
  );
}

/** The island's props for this page, or undefined where the locale has no search page. */
export function searchIslandProps(props: PageProps, mode: SiteSearchProps['mode']): SiteSearchProps | undefined {
  const { t, locale, assets, pageOf } = props;
  // The search page's path, not its absolute URL: the form and the results stay on the host the visitor is on.
  const action = pageOf('search')?.path;
  if (action === undefined) return undefined;
  return {
    mode,
    action,
    lang: locale.hreflang,
    sprite: assets.sprite,
    text: {
      label: t('search.label'),
      placeholder: t('search.placeholder'),
      submit: t('search.submit'),
      loading: t('search.loading'),
      results: pluralForms(t, locale.hreflang, 'search.results'),
      none: t('search.none'),
      failed: t('search.failed'),
      empty: t('search.empty'),
      all: t('search.all'),
      more: t('search.more'),
    },
  };
}

/** Numbers whose plural form differs in some language: one of them stands for each form. */
const SAMPLES = [0, 1, 2, 3, 5, 11, 21, 22, 101, 0.5, 1.5];

/**
 * Each plural form of a language with a number that takes it, by language. Every page has a search
 * box, and making the rules and trying the numbers again for each page cost 0.5 s of CPU for 22 000 pages.
 */
const formSamples = new Map<string, [form: Intl.LDMLPluralRule, sample: number][]>();

function samplesOf(lang: string): [form: Intl.LDMLPluralRule, sample: number][] {
  let samples = formSamples.get(lang);
  if (!samples) {
    const rules = new Intl.PluralRules(lang);
    samples = rules.resolvedOptions().pluralCategories.flatMap((form) => {
      const sample = SAMPLES.find((n) => rules.select(n) === form);
      return sample === undefined ? [] : [[form, sample] as [Intl.LDMLPluralRule, number]];
    });
    formSamples.set(lang, samples);
  }
  return samples;
}

/**
 * A plural message's text for each plural form of the language, with {n} left for the browser to
 * fill in: the count of results is known only there, and Intl.PluralRules picks the form.
 */
function pluralForms(t: Translate, lang: string, key: string): Partial<Record<Intl.LDMLPluralRule, string>> {
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = {};
  // The translator picks the form by `count` and leaves {n} and {query}, which it was not given.
  for (const [form, sample] of samplesOf(lang)) forms[form] = t(key, { count: sample });
  return forms;
}
