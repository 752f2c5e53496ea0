/**
 * Every diagnostic sitegen can report, with a stable code, a title and a hint that says what to do
 * (after Astro's errors-data.ts). Codes never change meaning; new problems get new codes.
 */
export const DIAGNOSTICS = {
  CONFIG_NOT_FOUND: { title: 'Site configuration not found', hint: 'Pass --config with the path of site.yaml, or run sitegen in the project root.' },
  CONFIG_INVALID: { title: 'Invalid site configuration', hint: 'Fix the key named above; the configuration reference in README.md lists every key.' },
  YAML_SYNTAX: { title: 'YAML syntax error', hint: 'Check indentation and quoting; quote values that contain ": " or start with a special character.' },
  FRONT_MATTER_ENGINE: { title: 'Front matter language not allowed', hint: 'Only YAML front matter is accepted: start the file with a line "---", not "---js" or another language. Executable front matter is refused because content must never run code.' },
  FRONT_MATTER_MISSING: { title: 'Front matter missing', hint: 'Start the file with "---", the fields (title, description, ...), and a closing "---".' },
  FIELD_INVALID: { title: 'Invalid front matter field', hint: 'See "Content format" in README.md for the fields each section takes.' },
  DATA_INVALID: { title: 'Invalid data table', hint: 'See "Content format" in README.md for the shape of each table in content/data.' },
  UNKNOWN_LOCALE: { title: 'Unknown locale folder', hint: 'Content folders are named by locale code: en, zh, ru, vn, es, pt, tr, th, fr, uk, ko, hi, jp, tc.' },
  UNKNOWN_SECTION: { title: 'Unknown content section', hint: 'Put the file in one of the section folders listed in README.md "Content format".' },
  UNKNOWN_CATEGORY: { title: 'Unknown category', hint: 'Use a category listed for this section in content/data/categories.yaml, or add it there (and its name to every messages file).' },
  UNKNOWN_TAG: { title: 'Unknown tag', hint: 'Use a tag listed in content/data/categories.yaml, or add it there (and its name to every messages file).' },
  UNSAFE_SLUG: { title: 'Unsafe slug', hint: 'A slug is lowercase letters, digits and single hyphens (a-z, 0-9, -): no "..", "/", "\\", spaces or control characters.' },
  RESERVED_SLUG: { title: 'Reserved slug', hint: 'This slug is used by sitegen for its own URLs (pagination); rename the file.' },
  DUPLICATE_SLUG: { title: 'Duplicate slug', hint: 'Two files would be served at the same URL. Rename one of them (slugs are compared after lowercasing and Unicode NFC normalisation).' },
  DUPLICATE_ROUTE: { title: 'Two pages for one URL', hint: 'Each URL of a locale must come from one source; rename or remove one of them.' },
  NOT_AVAILABLE: { title: 'Page not offered in this locale', hint: 'The availability table in content/data says this locale does not offer this page: remove the file or change the table.' },
  UNKNOWN_ID: { title: 'Unknown page id', hint: 'The file name must be an id listed in the section\'s table in content/data; add it there or rename the file.' },
  BROKEN_LINK: { title: 'Broken internal link', hint: 'Link to a page that exists in this locale. Write site links without the locale prefix ("/pricing"); sitegen adds it.' },
  MISSING_ASSET: { title: 'Missing file', hint: 'Put the file under content/public (it is served from the site root), or fix the path.' },
  SECTION_NOT_OFFERED: { title: 'Section not offered in this locale', hint: 'Russian visitors get the separate Russian blog: blog, news and guide pages are not built for ru. Move the article to the Russian blog.' },
  MESSAGE_INVALID: { title: 'Invalid messages file', hint: 'A messages file maps keys to strings (nested YAML objects of strings).' },
  MISSING_TRANSLATION: { title: 'Missing translation', hint: 'Add the key to the locale\'s messages file; until then the English text is shown.' },
  UNUSED_MESSAGE: { title: 'Message not in the source locale', hint: 'Keys come from content/messages/en.yaml; remove the key or add it to en.yaml.' },
  MISSING_PAGE: { title: 'Page missing in a locale where it is offered', hint: 'Add the translated file; until then the page does not exist in this locale (no link, hreflang or sitemap entry points to it).' },
  EMIT_FAILED: { title: 'Could not write the output', hint: 'Check that the output directory is writable; the previous output was left as it was.' },
  TEMPLATE_FAILED: { title: 'Template error', hint: 'A template threw while rendering this page; the stack above names the component.' },
  BUNDLE_FAILED: { title: 'Bundling failed', hint: 'esbuild could not compile the file named above.' },
} as const;

export type DiagnosticCode = keyof typeof DIAGNOSTICS;
