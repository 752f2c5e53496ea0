import { createHash } from 'node:crypto';
import { warning, type Diagnostic } from '../errors/site-error.js';
import { drawingVersion } from '../images/social-card.js';
import { fontsFor } from '../images/social-fonts.js';
import { getLocale, type LocaleCode } from '../model/locale-table.js';
import type { OutputBytes, OutputFile } from '../model/output-file.js';
import type { Page } from '../model/page.js';
import type { Translate } from '../model/page-props.js';
import type { Progress } from '../model/progress.js';
import type { ValidSite } from '../model/site.js';
import type { SocialCard, SocialImage } from '../model/social-image.js';
import { ownTitle } from '../render/page-meta.js';
import { makeTranslator } from '../render/translator.js';
import { hostDir } from '../route/urls.js';

/**
 * Draws cards: in worker threads, in this thread, or not at all when the cache has them
 * (incremental/social-cache.ts). `key` names the card's image; `done` is told as cards are ready.
 * The PNGs come back in job order (their bytes, or the cache's file that holds them), with how
 * many were drawn rather than taken from the cache.
 */
export type SocialDrawer = (jobs: readonly { key: string; card: SocialCard }[], done?: (count: number) => void) => Promise<{ files: OutputBytes[]; drawn: number }>;

export interface SocialStats {
  /** Distinct images the site's pages show (pages with equal cards share one). */
  images: number;
  /** Of those, how many were drawn in this build (the rest came from the cache). */
  drawn: number;
}

export interface SocialImages {
  /** Each indexable page's image, by the page's output path. */
  byPage: ReadonlyMap<string, SocialImage>;
  /** The PNGs, each under the folder of the host whose pages show it. */
  files: OutputFile[];
  stats: SocialStats;
  diagnostics: Diagnostic[];
}

/** Social images are served here, on the host of their page: under /assets, so they are cached as immutable (the name is a digest). */
export const SOCIAL_IMAGE_FOLDER = '/assets/og';

/** The file name of the image of this key (a digest of the card and the drawing's version): 80 bits of it. */
export const socialImageName = (key: string) => key.slice(0, 20);

/**
 * The social stage: a 1200×630 PNG for every indexable page (not the 404 and 502 pages or the
 * icon sprite, which search engines and chat apps never show), drawn from what the page's head
 * says (docs/social-images.md). Each image is named by the digest of its card and of the drawing's
 * version, so render can name it before it is drawn, equal cards share one file, and a drawn image
 * is never drawn again while the cache keeps it.
 */
export async function drawSocialImages(site: ValidSite, pages: readonly Page[], draw: SocialDrawer, progress?: Progress): Promise<SocialImages> {
  const version = drawingVersion();
  const translators = new Map<LocaleCode, Translate>();
  // Unknown keys are the render stage's to report: every key asked here is one a template asks too.
  const translator = (locale: LocaleCode) => translators.get(locale) ?? translators.set(locale, makeTranslator(site.messages, locale, new Set())).get(locale)!;
  const byPage = new Map<string, SocialImage>();
  const cards = new Map<string, { card: SocialCard; page: Page }>();
  const hostFiles = new Map<string, { path: string; key: string }>();
  for (const page of pages) {
    if (!page.indexable) continue;
    const t = translator(page.locale);
    const card = socialCardOf(page, t);
    const key = createHash('sha256').update(JSON.stringify([card, version])).digest('hex');
    const path = `${SOCIAL_IMAGE_FOLDER}/${socialImageName(key)}.png`;
    if (!cards.has(key)) cards.set(key, { card, page });
    hostFiles.set(`${page.host} ${path}`, { path: `${hostDir(site.config, page.host)}${path}`, key });
    byPage.set(page.outputPath, { url: `${site.config.hosts[page.host]}${path}`, alt: altOf(card, t) });
  }
  const jobs = [...cards].map(([key, { card }]) => ({ key, card }));
  let done = 0;
  progress?.(0, jobs.length);
  const drawn = await draw(jobs, (count) => progress?.((done += count), jobs.length));
  const pngs = new Map(jobs.map((job, i) => [job.key, drawn.files[i]!] as const));
  return {
    byPage,
    files: [...hostFiles.values()].map(({ path, key }) => ({ path, contents: pngs.get(key)! })),
    stats: { images: jobs.length, drawn: drawn.drawn },
    diagnostics: [...cards.values()].flatMap(({ card, page }) => glyphWarning(card, page, site.contentDir)),
  };
}

/**
 * What a page's image shows: its own title (not the SEO title, and without the site name, which
 * the card shows beside its mark), its section's name unless the title starts with it (lists such
 * as "Blog · Tutorials", the pricing page), and the site's name. The home page's card shows the
 * tagline under the site's name.
 */
export function socialCardOf(page: Page, t: Translate): SocialCard {
  const locale = getLocale(page.locale);
  const title = page.key === 'home' ? t('site.tagline') : ownTitle(page, t).text;
  const key = `page.${page.section}`;
  // A section no messages file names (the translator answers with the key) shows no label rather than its key.
  const label = page.key === 'home' || t(key) === key ? undefined : t(key);
  return {
    title,
    ...(label && !title.toLowerCase().startsWith(label.toLowerCase()) ? { label } : {}),
    brand: t('site.name'),
    lang: locale.hreflang,
    script: locale.script,
  };
}

/** og:image:alt: what the picture shows, in the page's language. */
function altOf(card: SocialCard, t: Translate): string {
  return card.label ? t('socialImage.alt', { title: card.title, section: card.label, site: card.brand }) : t('socialImage.altNoSection', { title: card.title, site: card.brand });
}

/** Characters of a card no bundled font holds are left out of its picture: the writer hears of it once per card. */
function glyphWarning(card: SocialCard, page: Page, contentDir: string): Diagnostic[] {
  const { uncovered } = fontsFor(`${card.title}${card.label ?? ''}${card.brand}`, card.script);
  if (!uncovered.length) return [];
  const file = page.entry?.file ?? `${contentDir}/messages/${page.locale}.yaml`;
  return [warning('SOCIAL_IMAGE_GLYPHS', `the social image of ${page.url} leaves out ${uncovered.map((c) => `"${c}" (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ')}: no font sitegen draws with has ${uncovered.length === 1 ? 'it' : 'them'}`, { file })];
}
