/**
 * Every diagnostic sitegen can report, with a stable code, a title and a hint that says what to do
 * (after Astro's errors-data.ts). Codes never change meaning; new problems get new codes.
 * Hints are static text: a file of the content folder is named relative to it ("data/redirects.yaml
 * of the content folder"), since the content folder is wherever --config points.
 */
export interface CatalogueEntry {
  title: string;
  hint: string;
}

/** What `sitegen build` (and `sitegen dev`) report about the sources and the build. */
const BUILD_DIAGNOSTICS = {
  CONFIG_NOT_FOUND: { title: 'Site configuration not found', hint: 'Pass --config with the path of site.yaml, or run sitegen in the project root.' },
  CONFIG_INVALID: { title: 'Invalid site configuration', hint: 'Fix the key named above; docs/configuration.md lists every key.' },
  YAML_SYNTAX: { title: 'YAML syntax error', hint: 'Check indentation and quoting; quote values that contain ": " or start with a special character.' },
  FRONT_MATTER_ENGINE: { title: 'Front matter language not allowed', hint: 'Only YAML front matter is accepted: start the file with a line "---", not "---js" or another language. Executable front matter is refused because content must never run code.' },
  FRONT_MATTER_MISSING: { title: 'Front matter missing', hint: 'Start the file with "---", the fields (title, description, ...), and a closing "---".' },
  YAML_LIMIT: { title: 'YAML beyond what a content file needs', hint: 'Front matter and data tables are a few levels deep and need no aliases (*name): write the values out. sitegen refuses deeper nesting and alias expansion that would exhaust the build.' },
  INVALID_UTF8: { title: 'File is not UTF-8', hint: 'Save the file as UTF-8 (your editor\'s "encoding" setting; files exported from old tools are often Latin-1 or Windows-1252), then check the characters around the place named above.' },
  SOURCE_CHANGED: { title: 'File changed during the build', hint: 'Build again once the file is saved: the build read every file first (to know whether anything changed) and found this one different, or gone, when it came to parse it.' },
  BODY_MISSING: { title: 'Rendered Markdown missing', hint: 'Build again. A build keeps rendered Markdown in its cache folder between parsing and rendering; another build using the same cache folder at the same time changed it. Give builds that run at once different --cache-dir folders.' },
  SYMLINK_NOT_FOLLOWED: { title: 'Symbolic link not followed', hint: 'sitegen follows a symbolic link only to a file or folder inside the content folder (a build reads nothing it was not given) and never to a folder that holds the link. Copy the file into the content folder, point the link inside it, or remove a link to nothing.' },
  BODY_TOO_LARGE: { title: 'Markdown body very large', hint: 'Split the page in several (a body of megabytes slows every build and is a slow page to read), or raise markdown.maxBodyBytes in site.yaml (docs/configuration.md).' },
  FIELD_MISSING: { title: 'Required front matter field missing', hint: 'Add the field to the front matter; docs/content.md#front-matter-fields lists the fields each section requires.' },
  FIELD_UNKNOWN: { title: 'Unknown front matter field', hint: 'Fix the spelling (the closest known field is suggested, if one is close) or remove the field; docs/content.md#front-matter-fields lists the fields each section takes.' },
  FIELD_INVALID: { title: 'Invalid front matter field', hint: 'Write the value as the message says; docs/content.md#front-matter-fields gives each field\'s type.' },
  DATA_INVALID: { title: 'Invalid data table', hint: 'See docs/content.md#data-tables for the shape of each table in the data folder of the content folder.' },
  UNKNOWN_LOCALE: { title: 'Unknown locale folder', hint: 'Content folders are named by locale code: en, zh, ru, vn, es, pt, tr, th, fr, uk, ko, hi, jp, tc.' },
  UNKNOWN_SECTION: { title: 'Unknown content section', hint: 'Put the file in one of the section folders listed in docs/content.md#sections.' },
  UNKNOWN_CATEGORY: { title: 'Unknown category', hint: 'Use a category listed for this section in data/categories.yaml of the content folder, or add it there (and its name to every messages file).' },
  UNKNOWN_TAG: { title: 'Unknown tag', hint: 'Use a tag listed in data/categories.yaml of the content folder, or add it there (and its name to every messages file).' },
  UNSAFE_SLUG: { title: 'Unsafe slug', hint: 'A slug is lowercase letters, digits and single hyphens (a-z, 0-9, -): no "..", "/", "\\", spaces or control characters.' },
  RESERVED_SLUG: { title: 'Reserved slug', hint: 'This slug is used by sitegen for its own URLs (pagination); rename the file.' },
  DUPLICATE_SLUG: { title: 'Duplicate slug', hint: 'Two files would be served at the same URL: change the slug field of one of them, or rename the file if it has none (its file name is its slug). Slugs are compared after lowercasing and Unicode NFC normalisation.' },
  DUPLICATE_ROUTE: { title: 'Two pages for one URL', hint: 'Each URL of a locale must come from one source; rename or remove one of them.' },
  NOT_AVAILABLE: { title: 'Page not offered in this locale', hint: 'The availability table in the data folder of the content folder says this locale does not offer this page: remove the file or change the table (docs/content.md#data-tables).' },
  UNKNOWN_ID: { title: 'Unknown page id', hint: 'The file name must be an id listed in the section\'s table in the data folder of the content folder; add it there or rename the file (docs/content.md#data-tables).' },
  BROKEN_LINK: { title: 'Broken internal link', hint: 'Link to a page that exists in this locale. Write site links without the locale prefix ("/pricing"); sitegen adds it.' },
  HEADING_LEVEL: { title: 'Heading level out of place', hint: 'Headings go down one level at a time under the part of the page they sit in; the body of a use-case or solution page is its "How PolyBrowser helps" part, so its headings start at ### (docs/content.md#use-case-and-solution-pages).' },
  MISSING_ASSET: { title: 'Missing file', hint: 'Put the file in the public folder of the content folder (it is served from the site root), or fix the path.' },
  SOCIAL_IMAGE_GLYPHS: { title: 'Characters missing from a social image', hint: 'A page\'s social image draws its title, its section\'s name and the site name with the Noto Sans fonts sitegen ships (Latin, Cyrillic, Greek, Vietnamese, Chinese, Japanese, Korean, Thai, Devanagari); characters none of them has, such as emoji, are left out of the picture (the page itself still shows them). Reword the title, or accept the gap (docs/social-images.md).' },
  IMAGE_UNREADABLE: { title: 'Image cannot be decoded', hint: 'The file is damaged or not an image of the type its name says (PNG, JPEG, GIF, WebP, AVIF, TIFF). Export it again from the original, or replace it; sitegen encodes every raster image in the public folder of the content folder as avif and webp (docs/content.md#images).' },
  SECTION_NOT_OFFERED: { title: 'Section not offered in this locale', hint: 'Russian visitors get the separate Russian blog: blog, news and guide pages are not built for ru; move the article to the Russian blog. Guides exist for zh only (other locales link to their blog): publish the article in the blog section of this locale.' },
  MESSAGE_INVALID: { title: 'Invalid messages file', hint: 'A messages file maps keys to strings (nested YAML objects of strings); see docs/content.md#messages.' },
  MISSING_TRANSLATION: { title: 'Missing translation', hint: 'Add the key to the locale\'s messages file; until then the English text is shown.' },
  UNUSED_MESSAGE: { title: 'Message not in the source locale', hint: 'Keys come from messages/en.yaml of the content folder; remove the key or add it to en.yaml (docs/content.md#messages).' },
  MISSING_PAGE: { title: 'Page missing in a locale where it is offered', hint: 'Add the translated file; until then the page does not exist in this locale (no link, hreflang or sitemap entry points to it).' },
  EMIT_FAILED: { title: 'Could not write the output', hint: 'Check that the output directory is writable; the previous output was left as it was.' },
  BUILD_CRASHED: { title: 'The build crashed', hint: 'This is not a content error: sitegen itself failed (the stack above says where). sitegen dev keeps serving the last good build; save again to retry, and report the stack if it repeats.' },
  TEMPLATE_FAILED: { title: 'Template error', hint: 'A template threw while rendering this page; the stack above names the component.' },
  BUNDLE_FAILED: { title: 'Bundling failed', hint: 'esbuild could not compile the file named above.' },
  SEARCH_INDEX_FAILED: { title: 'Search index could not be built', hint: 'Pagefind indexes every indexable page (npm pagefind, with its binary for this platform, @pagefind/<platform>, installed by npm ci). A page named above must keep its content inside the layout\'s <main data-pagefind-body>.' },
  REDIRECT_INVALID: { title: 'Invalid redirect source', hint: 'Write the old address as a site path ("/old-name"), without query, fragment, encoded slashes or control characters (docs/content.md#redirects).' },
  REDIRECT_DUPLICATE: { title: 'Redirect declared twice', hint: 'One old address can lead to one place: remove one of the declarations (front matter aliases and data/redirects.yaml of the content folder are both checked; docs/content.md#redirects).' },
  REDIRECT_SHADOWS_PAGE: { title: 'Redirect source is an existing page', hint: 'A redirect from a URL that is a page would hide the page. Remove the redirect, or remove or rename the page.' },
  REDIRECT_LOOP: { title: 'Redirect loop', hint: 'The redirects named above lead back to where they started; point one of them at a page.' },
  REDIRECT_CHAIN: { title: 'Redirect chain too long', hint: 'Point the first redirect straight at the final page.' },
  REDIRECT_TARGET_MISSING: { title: 'Redirect target does not exist', hint: 'Point the redirect at a page the build emits (check the locale prefix and the host), or add that page.' },
  REDIRECT_TARGET_EXTERNAL: { title: 'Redirect leaves the site', hint: 'Redirect targets must be on the configured hosts or the Russian blog (site.yaml hosts, russianBlog); an open target is refused.' },
  PAGE_REDIRECTED: { title: 'Page unreachable behind a redirect rule', hint: 'A built-in redirect rule (language prefix, legacy section, Russian blog) sends visitors away from this URL; rename the page\'s slug.' },
  EDGE_CONFIG_TOO_LARGE: { title: 'Edge configuration over budget', hint: 'Raise edge.budget in site.yaml (the Edge Config plan limit: 8 KB Hobby, 64 KB Pro, 512 KB Enterprise) or retire old redirects.' },
  EDGE_FILTER_CROWDED: { title: 'Edge page filter crowded', hint: 'The site has more pages than the edge document has room to list at 10 bits each. Nothing breaks: more mixed-case URLs of missing pages are redirected once before their 404. Raise edge.budget (your Edge Config plan allows) to give the filter more room.' },
  EDGE_KEY_TOO_LONG: { title: 'Edge configuration key too long', hint: 'Edge Config keys are at most 256 characters; shorten the old address.' },
  HOSTING_LIMIT: { title: 'Hosting target limit exceeded', hint: 'The target named above would silently drop rules beyond its limit. Use the vercel target (edge middleware) or nginx, or remove the target from edge.targets in site.yaml (docs/hosting.md).' },
  JS_BUDGET_EXCEEDED: { title: 'Page JavaScript over budget', hint: 'Remove islands the page does not need or move code out of client/main.ts into a chunk loaded on demand; raise client.budgetGzip in site.yaml only if the page really needs it. dist/reports/js.json lists every chunk a page loads.' },
  RENDER_BLOCKING_SCRIPT: { title: 'Render-blocking script', hint: 'Load scripts with type="module", defer or async; a classic script in <head> stops the page from rendering until it has run.' },
  ICON_SOURCE_INVALID: { title: 'Site icon missing or unreadable', hint: 'icons.source in site.yaml names the SVG under the public folder of the content folder that favicon.ico, the PNG icons and the web app manifest\'s icons are drawn from: add that file, fix it (it must be an SVG that draws), or point icons.source at the right one (docs/configuration.md).' },
  PUBLIC_FILE_RESERVED: { title: 'File in public at an address the build writes', hint: 'The build draws favicon.ico and the PNG icons from icons.source and writes the web app manifest itself, at the same address on every host: remove the file from the public folder of the content folder, and change the SVG icons.source names to change the icons (docs/configuration.md).' },
  SECURITY_TXT_EXPIRES: { title: 'security.txt expires soon', hint: 'Set security.expires in site.yaml to a later date (RFC 9116 recommends less than a year ahead) and deploy: a security.txt past its Expires date is to be treated as stale by those who read it (docs/configuration.md).' },
  HOSTING_UNSUPPORTED: { title: 'Behaviour a hosting target cannot express', hint: 'Accept these gaps, or serve from vercel, cloudflare or netlify, which run the middleware (docs/hosting.md#nginx-configuration-not-njs).' },
} as const satisfies Record<string, CatalogueEntry>;

/**
 * What `sitegen check` reports about a built site (docs/check.md#rules), one code a rule. Each code
 * is CHECK_ and the rule's id as reports name it: CHECK_LINK_BROKEN is the rule link-broken.
 */
export const CHECK_DIAGNOSTICS = {
  CHECK_LINK_BROKEN: { title: 'Broken link in the output', hint: 'Point the link at a page or file the build emits on that host (check the path, the locale prefix and the host). The build already checks Markdown links, so this one comes from a template, raw HTML in a Markdown file, or an output file changed after the build.' },
  CHECK_LINK_REDIRECTS: { title: 'Link through a redirect', hint: 'Link to the address the redirect leads to: otherwise every visitor and crawler pays for an extra round trip.' },
  CHECK_ANCHOR_MISSING: { title: 'Link to a missing anchor', hint: 'Link to an id the target page has (look it up in the page\'s HTML), or give the element you mean that id.' },
  CHECK_HREFLANG_INVALID_TAG: { title: 'Invalid hreflang tag', hint: 'Write the language tag the locale table gives the locale (src/model/locale-table.ts), exactly as spelt there, or x-default; URL codes such as vn, jp and tc are not language tags.' },
  CHECK_HREFLANG_SELF: { title: 'hreflang cluster without the page itself', hint: 'Every page lists itself in its hreflang cluster, under the tag of its own <html lang>.' },
  CHECK_HREFLANG_X_DEFAULT: { title: 'hreflang x-default missing or repeated', hint: 'Give each hreflang cluster exactly one x-default: the page for visitors whose language the site does not have.' },
  CHECK_HREFLANG_NOT_RECIPROCAL: { title: 'hreflang link not returned', hint: 'Search engines ignore hreflang links that are not returned: make the target list this page under this page\'s tag, or drop the target from this cluster (docs/check.md#rules).' },
  CHECK_HREFLANG_TARGET: { title: 'hreflang target is not an indexable page', hint: 'Point hreflang only at absolute URLs of emitted, indexable pages: not a 404 page, not noindex, canonical to itself.' },
  CHECK_HREFLANG_SITEMAP_MISMATCH: { title: 'Sitemap and page disagree on hreflang', hint: 'List the same alternates in the sitemap entry as in the page\'s <head>. sitegen writes both from one cluster, so a difference means the output was changed or assembled from different builds: build again.' },
  CHECK_SITEMAP_INVALID: { title: 'Sitemap does not validate', hint: 'Sitemaps must be well-formed XML that validates against the sitemaps.org schema; fix the element the message names.' },
  CHECK_SITEMAP_MISSING_PAGE: { title: 'Indexable page missing from the sitemaps', hint: 'List every indexable page of a host in one of its urlset sitemaps, or make the page noindex or canonical to another page.' },
  CHECK_SITEMAP_DUPLICATE: { title: 'URL listed twice in the sitemaps', hint: 'List each URL once across all the sitemaps of its host.' },
  CHECK_SITEMAP_NOT_PAGE: { title: 'Sitemap lists something that is not a page', hint: 'List only indexable pages of the sitemap\'s own host: no redirected URL, 404 page, noindex page, page canonical to another, or URL of another host.' },
  CHECK_SITEMAP_INDEX: { title: 'Sitemap index wrong or missing', hint: 'Each host needs a sitemap index (sitemap.xml) that lists exactly its urlset sitemaps, by absolute URL on the host\'s origin.' },
  CHECK_ROBOTS: { title: 'robots.txt does not match the sitemaps', hint: 'robots.txt names the host\'s sitemap index by absolute URL ("Sitemap: https://host/sitemap.xml") and disallows no URL the sitemaps list.' },
  CHECK_HTML_INVALID: { title: 'Invalid HTML', hint: 'Fix the markup html-validate names (its rule id ends the message; html-validate.org/rules explains each): in templates/ for template markup, in the Markdown file for raw HTML in content.' },
  CHECK_HTML_DUPLICATE_ID: { title: 'Duplicate id', hint: 'Ids must be unique within a page: rename one of the two elements\' ids (links to it use the first).' },
  CHECK_HTML_H1: { title: 'Not exactly one <h1>', hint: 'Give the page exactly one <h1>, its main heading. The template writes it (sitegen turns a # heading in Markdown into an <h2>), so look at the template, or at raw HTML in the Markdown file.' },
  CHECK_HTML_LANG: { title: '<html> lang or dir wrong', hint: 'Every page needs <html lang dir> with its locale\'s language tag and direction, as the locale table gives them (src/model/locale-table.ts).' },
  CHECK_HTML_IMG_ALT: { title: 'Image without alt text', hint: 'Describe the image in its alt text (in Markdown: ![what it shows](/images/x.png)), or give it alt="" if it is only decoration.' },
  CHECK_HTML_IMG_SIZE: { title: 'Image without width and height', hint: 'Give every <img> both width and height (its intrinsic size) so the page does not shift as the image loads.' },
  CHECK_TITLE_MISSING: { title: 'Page without a title', hint: 'Give the page a non-empty <title>: for a content page, the title field of its front matter (docs/content.md#front-matter-fields).' },
  CHECK_DESCRIPTION_MISSING: { title: 'Page without a description', hint: 'Give the page a <meta name="description"> with content: for a content page, the description field of its front matter (docs/content.md#front-matter-fields).' },
  CHECK_TITLE_LENGTH: { title: 'Title length outside what search results show', hint: 'Bring the title within the range the message gives: search results cut longer titles off and make little of short ones.' },
  CHECK_DESCRIPTION_LENGTH: { title: 'Description length outside what search results show', hint: 'Bring the description within the range the message gives: search results cut longer ones off and may replace short ones with text of their own.' },
  CHECK_EXTERNAL_BROKEN: { title: 'External link gone', hint: 'The other site says the page does not exist (404 or 410): link to its new address, or remove the link.' },
  CHECK_EXTERNAL_UNREACHABLE: { title: 'External link not reachable', hint: 'Often passing trouble or bot protection: open the link in a browser, and fix it only if it fails there too.' },
  CHECK_REDIRECT_BROKEN: { title: 'Redirect leads to no page', hint: 'Point the redirect (front matter aliases or data/redirects.yaml of the content folder) at a page the build emits (docs/content.md#redirects).' },
  CHECK_REDIRECT_CHAIN: { title: 'Redirect chain', hint: 'Point the first redirect straight at the final page: every extra hop costs visitors a round trip, and crawlers may stop following.' },
  CHECK_LEGACY_URL: { title: 'Legacy URL does not reach a page', hint: 'Redirect the old address straight to its page (front matter aliases or data/redirects.yaml of the content folder, docs/content.md#redirects), or remove it from data/legacy-urls.yaml if it no longer matters.' },
} as const satisfies Record<`CHECK_${string}`, CatalogueEntry>;

export const DIAGNOSTICS = { ...BUILD_DIAGNOSTICS, ...CHECK_DIAGNOSTICS } as const;

export type DiagnosticCode = keyof typeof DIAGNOSTICS;

/**
 * The section of docs/ that explains a code, as a path from the repository root with a GitHub
 * heading anchor: each build code has its section in docs/errors.md, headed by the code itself
 * (GitHub's id of the heading "UNKNOWN_TAG" is "unknown_tag"); `sitegen check`'s codes are its
 * rules in docs/check.md. tests/unit/errors/catalogue.test.ts checks that every one exists.
 */
export function docsOf(code: DiagnosticCode): string {
  return Object.hasOwn(CHECK_DIAGNOSTICS, code) ? 'docs/check.md#rules' : `docs/errors.md#${code.toLowerCase()}`;
}

/** A code `sitegen check` reports: a finding cannot carry any other. */
export type CheckCode = keyof typeof CHECK_DIAGNOSTICS;
