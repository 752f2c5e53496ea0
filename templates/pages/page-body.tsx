import type { PageProps } from '../../src/model/page-props.js';
import type { TemplateName } from '../../src/model/page.js';
import { ArticleList, ArticlePage } from './articles.js';
import { CardList, DetailPage, MarkdownPage } from './content-pages.js';
import { DocsIndex, DocsPage } from './docs.js';
import { ErrorPage } from './error.js';
import { HomePage } from './home.js';
import { IconsPage } from './icons.js';
import { LegalPage } from './legal-page.js';
import { PricingPage } from './pricing.js';
import { ProblemSolutionPage } from './problem-solution.js';
import { SearchPage } from './search.js';
import { DownloadPage, FaqPage, LinksPage } from './standalone.js';

const TEMPLATES: Record<TemplateName, (props: PageProps) => React.ReactNode> = {
  home: HomePage,
  'markdown-page': MarkdownPage,
  pricing: PricingPage,
  download: DownloadPage,
  faq: FaqPage,
  links: LinksPage,
  icons: IconsPage,
  error: ErrorPage,
  article: ArticlePage,
  'article-list': ArticleList,
  'docs-page': DocsPage,
  'docs-index': DocsIndex,
  'card-list': CardList,
  detail: DetailPage,
  'problem-solution': ProblemSolutionPage,
  'legal-page': LegalPage,
  search: SearchPage,
};

export function PageBody(props: PageProps) {
  const Template = TEMPLATES[props.page.template];
  return <Template {...props} />;
}
