/**
 * Every diagnostic sitegen can report, with a stable code, a title and a hint that says what to do
 * (after Astro's errors-data.ts). Codes never change meaning; new problems get new codes.
 * Hints are static text: a file of the content folder is named relative to it ("data/redirects.yaml
 * of the content folder"), since the content folder is wherever --config points.
 */
export const DIAGNOSTICS = {
  CONFIG_NOT_FOUND: { title: 'Site configuration not found', hint: 'Pass --config with the path of site.yaml, or run sitegen in the project root.' },
  CONFIG_INVALID: { title: 'Invalid site configuration', hint: 'Fix the key named above; docs/configuration.md lists every key.' },
  YAML_SYNTAX: { title: 'YAML syntax error', hint: 'Check indentation and quoting; quote values that contain ": " or start with a special character.' },
  FRONT_MATTER_ENGINE: { title: 'Front matter language not allowed', hint: 'Only YAML front matter is accepted: start the file with a line "---", not "---js" or another language. Executable front matter is refused because content must never run code.' },
  FRONT_MATTER_MISSING: { title: 'Front matter missing', hint: 'Start the file with "---", the fields (title, description, ...), and a closing "---".' },
  FIELD_INVALID: { title: 'Invalid front matter field', hint: 'See docs/content.md#front-matter-fields for the fields each section takes.' },
  DATA_INVALID: { title: 'Invalid data table', hint: 'See docs/content.md#data-tables for the shape of each table in the data folder of the content folder.' },
  UNKNOWN_LOCALE: { title: 'Unknown locale folder', hint: 'Content folders are named by locale code: en, zh, ru, vn, es, pt, tr, th, fr, uk, ko, hi, jp, tc.' },
  UNKNOWN_SECTION: { title: 'Unknown content section', hint: 'Put the file in one of the section folders listed in docs/content.md#sections.' },
  UNKNOWN_CATEGORY: { title: 'Unknown category', hint: 'Use a category listed for this section in data/categories.yaml of the content folder, or add it there (and its name to every messages file).' },
  UNKNOWN_TAG: { title: 'Unknown tag', hint: 'Use a tag listed in data/categories.yaml of the content folder, or add it there (and its name to every messages file).' },
  UNSAFE_SLUG: { title: 'Unsafe slug', hint: 'A slug is lowercase letters, digits and single hyphens (a-z, 0-9, -): no "..", "/", "\\", spaces or control characters.' },
  RESERVED_SLUG: { title: 'Reserved slug', hint: 'This slug is used by sitegen for its own URLs (pagination); rename the file.' },
  DUPLICATE_SLUG: { title: 'Duplicate slug', hint: 'Two files would be served at the same URL. Rename one of them (slugs are compared after lowercasing and Unicode NFC normalisation).' },
  DUPLICATE_ROUTE: { title: 'Two pages for one URL', hint: 'Each URL of a locale must come from one source; rename or remove one of them.' },
  NOT_AVAILABLE: { title: 'Page not offered in this locale', hint: 'The availability table in the data folder of the content folder says this locale does not offer this page: remove the file or change the table (docs/content.md#data-tables).' },
  UNKNOWN_ID: { title: 'Unknown page id', hint: 'The file name must be an id listed in the section\'s table in the data folder of the content folder; add it there or rename the file (docs/content.md#data-tables).' },
  BROKEN_LINK: { title: 'Broken internal link', hint: 'Link to a page that exists in this locale. Write site links without the locale prefix ("/pricing"); sitegen adds it.' },
  MISSING_ASSET: { title: 'Missing file', hint: 'Put the file in the public folder of the content folder (it is served from the site root), or fix the path.' },
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
  HOSTING_UNSUPPORTED: { title: 'Behaviour a hosting target cannot express', hint: 'nginx cannot run the edge middleware (Debian\'s njs 0.7 has no Map, for...of or URL). Serve these hosts from the vercel, cloudflare or netlify target, which run it, or accept the gaps named above (docs/hosting.md).' },
} as const;

export type DiagnosticCode = keyof typeof DIAGNOSTICS;
