// The benchmark corpus: the sample site plus N generated articles in each of the 14 locales (blog
// articles; helps pages in ru, which has no blog), ~6 KB of Markdown each with headings, GFM tables,
// lists, code, links to other generated articles and an image, after the generated corpus the
// peers' own benchmark setups use. Article i of a locale depends only on (locale, i), so N=1000 is the first 1000 of
// N=4000, and two runs give the same bytes. The same bodies are written for the peers (Hugo,
// Eleventy) as one flat folder of Markdown with plain front matter.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCALES = ['en', 'zh', 'ru', 'vn', 'es', 'pt', 'tr', 'th', 'fr', 'uk', 'ko', 'hi', 'jp', 'tc'];
const CATEGORIES = ['tutorials', 'industry'];
const TAGS = ['proxy', 'fingerprint', 'automation', 'teamwork', 'ecommerce', 'social-media', 'security', 'release'];
const IMAGE = '/images/helps/import-cookies.png';

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOUNS = ('profile proxy browser fingerprint account team cookie session window extension workspace '
  + 'device platform store marketplace campaign audience region address network header canvas font '
  + 'timezone language permission member role folder tag group template script task schedule report '
  + 'api token request response limit plan invoice seat cache update version release client server').split(' ');
const ADJS = ('isolated stable fresh careful shared private mobile residential static rotating local remote '
  + 'quick slow safe risky clean separate consistent new old busy quiet large small').split(' ');
const VERBS = ('opens keeps checks moves creates assigns rotates blocks links protects imports exports '
  + 'syncs loads saves shares limits tracks changes starts stops').split(' ');
const ADVS = 'quickly rarely often carefully usually slowly safely eventually consistently quietly'.split(' ');
const CONNECT = ['However,', 'In practice,', 'As a result,', 'For example,', 'Meanwhile,', 'In most cases,', 'By default,'];
const LANGS = ['js', 'ts', 'bash', 'json', 'yaml'];

export const articleId = (i) => `bench-${String(i).padStart(5, '0')}`;
const sectionOf = (locale) => (locale === 'ru' ? 'helps' : 'blog');

/** One article: its id, front matter fields and Markdown body. */
export function makeArticle(locale, i, n) {
  const seed = 0x9e3779b1 ^ Math.imul(i, 2654435761) ^ Math.imul(LOCALES.indexOf(locale) + 1, 0x85ebca6b);
  const r = mulberry32(seed);
  const pick = (arr) => arr[Math.floor(r() * arr.length)];
  const int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  const cap = (s) => s[0].toUpperCase() + s.slice(1);
  const ident = () => pick(NOUNS) + cap(pick(NOUNS));
  const section = sectionOf(locale);
  const inline = () => {
    switch (int(0, 3)) {
      case 0: return `**${pick(ADJS)} ${pick(NOUNS)}**`;
      case 1: return `_${pick(ADJS)} ${pick(NOUNS)}_`;
      case 2: return r() < 0.5
        ? `[the ${pick(ADJS)} ${pick(NOUNS)}](https://example.com/${pick(NOUNS)}/${int(1, 999)})`
        : `[the ${pick(ADJS)} ${pick(NOUNS)}](/${section}/${articleId(int(1, n))})`;
      default: return `\`${ident()}()\``;
    }
  };
  const sentence = () => {
    const words = [];
    if (r() < 0.25) words.push(pick(CONNECT));
    words.push(words.length ? 'the' : 'The', pick(ADJS), pick(NOUNS), pick(VERBS), 'the', pick(NOUNS));
    for (let k = int(2, 9); k > 0; k--) {
      const x = r();
      if (x < 0.12) words.push(inline());
      else if (x < 0.3) words.push(pick(ADJS));
      else if (x < 0.4) words.push(pick(ADVS));
      else if (x < 0.5) words.push(pick(['when', 'because', 'while', 'before', 'after', 'unless', 'so', 'and']));
      else if (x < 0.6) words.push(pick(VERBS));
      else words.push(pick(['the', 'a', 'each', 'every', 'its', 'our']), pick(NOUNS));
    }
    return `${words.join(' ')}${pick(['.', '.', '.', '!', '?'])}`;
  };
  const paras = [];
  const blocks = [];
  const P = (lo, hi) => { const p = Array.from({ length: int(lo, hi) }, sentence); paras.push(p); blocks.push(p); };
  const heading = () => `${cap(pick(ADJS))} ${pick(NOUNS)} ${pick(['and', 'for', 'with', 'without'])} ${pick(ADJS)} ${pick(NOUNS)}s`;
  P(3, 5); P(2, 4);
  blocks.push(`## ${heading()}`); P(3, 5); P(2, 4);
  blocks.push(`### ${heading()}`); P(2, 4);
  blocks.push(Array.from({ length: int(4, 7) }, () => `- ${cap(pick(ADJS))} ${pick(NOUNS)}: ${pick(VERBS)} the ${pick(NOUNS)} ${r() < 0.4 ? inline() : pick(ADVS)}`).join('\n'));
  blocks.push(`## ${heading()}`); P(2, 4);
  blocks.push(Array.from({ length: int(3, 6) }, (_, k) => `${k + 1}. ${cap(pick(VERBS).replace(/s$/, ''))} the ${pick(ADJS)} ${pick(NOUNS)} first.`).join('\n'));
  P(1, 3);
  const lang = pick(LANGS);
  const a = ident(), b = ident(), c = pick(NOUNS), n1 = int(1, 500), n2 = int(2, 64);
  blocks.push(`\`\`\`${lang}\n${{
    js: `import { ${a} } from './${c}.js';\n\nexport async function ${b}(items) {\n  const out = [];\n  for (const item of items) {\n    if (item.size > ${n1}) continue;\n    out.push(await ${a}(item, { retries: ${n2} }));\n  }\n  return out;\n}`,
    ts: `interface ${cap(a)} {\n  id: string;\n  ${c}: number;\n}\n\nexport function ${b}(rows: ${cap(a)}[]): Map<string, number> {\n  const m = new Map<string, number>();\n  for (const row of rows) m.set(row.id, row.${c} * ${n2});\n  return m;\n}`,
    bash: `#!/usr/bin/env bash\nset -euo pipefail\nfor f in ./${c}/*.json; do\n  wc -c "$f"\ndone | sort -n | tail -n ${n2}`,
    json: `{\n  "name": "${a}",\n  "version": "1.${n2}.${n1}",\n  "${c}": true,\n  "limits": { "max": ${n1}, "min": ${n2} }\n}`,
    yaml: `${c}:\n  enabled: true\n  workers: ${n2}\n  limit: ${n1}`,
  }[lang]}\n\`\`\``);
  blocks.push(`## ${heading()}`); P(2, 4);
  const rows = ['| Option | Default | Effect | Cost |', '| --- | ---: | --- | :---: |'];
  for (let k = int(4, 6); k > 0; k--) rows.push(`| \`${ident()}\` | ${int(0, 4096)} | ${cap(pick(VERBS))} the ${pick(NOUNS)} | ${pick(['low', 'medium', 'high'])} |`);
  blocks.push(rows.join('\n'));
  P(1, 3);
  blocks.push(`![${cap(pick(ADJS))} ${pick(NOUNS)} settings](${IMAGE})`);
  blocks.push(`### ${heading()}`); P(2, 4);
  blocks.push('## Summary'); P(2, 4);
  const target = int(600, 900);
  let count = blocks.map((x) => (Array.isArray(x) ? x.join(' ') : x)).join(' ').split(/\s+/).length;
  while (count < target) {
    const s = sentence();
    pick(paras).push(s);
    count += s.split(/\s+/).length;
  }
  const body = `${blocks.map((x) => (Array.isArray(x) ? x.join(' ') : x)).join('\n\n')}\n`;
  const title = `${cap(pick(['how to keep', 'why teams need', 'when to use', 'a guide to', 'notes on']))} ${pick(ADJS)} ${pick(NOUNS)}s ${pick(['for', 'with', 'across'])} ${pick(ADJS)} ${pick(NOUNS)}s ${i}`;
  const description = `${cap(pick(ADJS))} ${pick(NOUNS)}s and ${pick(ADJS)} ${pick(NOUNS)}s: what ${pick(VERBS)} the ${pick(NOUNS)} and how to set it up in a few minutes (article ${i}).`;
  const date = new Date(Date.UTC(2020, 0, 1) + ((i * 7919) % 2190) * 86400000).toISOString().slice(0, 10);
  const tags = [...new Set([pick(TAGS), pick(TAGS), pick(TAGS)])];
  return { id: articleId(i), section, title, description, date, category: pick(CATEGORIES), tags, body };
}

const q = (s) => JSON.stringify(s); // JSON strings are valid YAML double-quoted scalars

function sitegenFile(article) {
  const fields = [`title: ${q(article.title)}`, `description: ${q(article.description)}`, `date: ${article.date}`];
  if (article.section === 'blog') fields.push('author: PolyBrowser Team', `category: ${article.category}`, `tags: [${article.tags.join(', ')}]`);
  return `---\n${fields.join('\n')}\n---\n\n${article.body}`;
}

function peerFile(article) {
  return `---\ntitle: ${q(article.title)}\ndate: ${article.date}\ndescription: ${q(article.description)}\ntags:\n${article.tags.map((t) => `  - ${t}`).join('\n')}\ncategory: ${article.category}\n---\n\n${article.body}`;
}

/**
 * Writes DIR/content (the sample site's content plus the articles) and DIR/peer-content (the same
 * articles for the peers). Returns the number of articles and their Markdown bytes.
 */
export function writeCorpus(dir, n, repoRoot) {
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(repoRoot, 'content'), join(dir, 'content'), { recursive: true });
  mkdirSync(join(dir, 'peer-content'), { recursive: true });
  let bytes = 0;
  for (const locale of LOCALES) {
    const folder = join(dir, 'content', locale, sectionOf(locale));
    mkdirSync(folder, { recursive: true });
    for (let i = 1; i <= n; i++) {
      const article = makeArticle(locale, i, n);
      const text = sitegenFile(article);
      bytes += Buffer.byteLength(text);
      writeFileSync(join(folder, `${article.id}.md`), text);
      writeFileSync(join(dir, 'peer-content', `${locale}-${article.id}.md`), peerFile(article));
    }
  }
  return { articles: n * LOCALES.length, bytes };
}
