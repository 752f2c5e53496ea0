import type { PageProps } from '../src/model/page-props.js';
import { DefaultLayout } from './layouts/default-layout.js';
import { ErrorLayout } from './layouts/error-layout.js';
import { SpriteLayout } from './layouts/sprite-layout.js';
import { PageBody } from './pages/page-body.js';
import { HeadLinks } from './parts/head-links.js';
import { SocialImageMeta } from './parts/social-image-meta.js';
import { RUNTIME_CONFIG_ID } from '../src/model/browser-contract.js';
import { serializeScriptJson } from '../src/render/json-ld.js';

/** The whole HTML document: head from PageProps.meta, body from the page's layout and template. */
export function Document(props: PageProps) {
  const { page, meta, locale, assets } = props;
  const Layout = page.layout === 'error' ? ErrorLayout : page.layout === 'svg-sprite' ? SpriteLayout : DefaultLayout;
  return (
    <html lang={locale.hreflang} dir={locale.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {meta.keywords ? <meta name="keywords" content={meta.keywords} /> : null}
        {meta.robots ? <meta name="robots" content={meta.robots} /> : null}
        <link rel="canonical" href={page.url} />
        {page.alternates.map((a) => <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.url} />)}
        {meta.prev ? <link rel="prev" href={meta.prev} /> : null}
        {meta.next ? <link rel="next" href={meta.next} /> : null}
        <meta property="og:type" content={meta.ogType} />
        <meta property="og:site_name" content={props.t('site.name')} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={page.url} />
        <meta property="og:locale" content={locale.ogLocale} />
        {props.locales.filter((l) => l.code !== locale.code && page.alternates.some((a) => a.hreflang === l.hreflang)).map((l) => (
          <meta key={l.code} property="og:locale:alternate" content={l.ogLocale} />
        ))}
        <SocialImageMeta image={meta.social} />
        <HeadLinks {...props} />
        {assets.css.map((href) => <link key={href} rel="stylesheet" href={href} />)}
        <script type="module" src={assets.js} />
        {meta.jsonLd.map((json, i) => <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />)}
      </head>
      <body data-locale={locale.code} data-page={page.template}>
        <Layout {...props}>
          <PageBody {...props} />
        </Layout>
        <script type="application/json" id={RUNTIME_CONFIG_ID} dangerouslySetInnerHTML={{ __html: serializeScriptJson(props.runtime) }} />
      </body>
    </html>
  );
}
