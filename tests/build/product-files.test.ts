import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { parse } from 'yaml';
import type { BuildResult } from '../../src/build.js';
import { ROOT } from '../helpers/fixture.js';
import { sampleSite } from '../helpers/sample-site.js';

/**
 * The files a product site has besides its pages, on each host of the sample site: the web app
 * manifest, the icons and security.txt, and the head of every page that links them. Expected
 * values come from site.yaml, the messages files and the design tokens' stylesheet directly.
 */
let result: BuildResult;
const bytes = (path: string) => result.output.get(path)!;
const text = (path: string) => new TextDecoder().decode(bytes(path));

beforeAll(async () => {
  result = await sampleSite();
});

const HOSTS = [['www.polybrowser.example', 'en', 'en'], ['www.polybrowser-cn.example', 'zh', 'zh-CN'], ['www.polybrowser-ru.example', 'ru', 'ru']] as const;
const tokens = readFileSync(join(ROOT, 'templates/styles/tokens.css'), 'utf8');
const token = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(tokens)![1]!.trim();
const siteYaml = parse(readFileSync(join(ROOT, 'content/site.yaml'), 'utf8')) as { security: { contact: string[]; expires: string; preferredLanguages: string[] } };

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(png: Uint8Array): [number, number] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  return [view.getUint32(16), view.getUint32(20)];
}

describe('the web app manifest', () => {
  it.each(HOSTS)('of %s is in the language of its root locale, with the design tokens\' colours and icons it serves at their sizes', (host, locale, lang) => {
    const manifest = JSON.parse(text(`${host}/site.webmanifest`)) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose: string }[] };
    const messages = parse(readFileSync(join(ROOT, 'content/messages', `${locale}.yaml`), 'utf8')) as { site: { name: string; description: string } };
    expect(manifest).toMatchObject({
      name: messages.site.name, short_name: messages.site.name, description: messages.site.description,
      lang, start_url: '/', theme_color: token('--c-primary'), background_color: token('--c-bg'),
    });
    expect(manifest.icons.map((i) => i.purpose).sort()).toEqual(['any', 'any', 'any', 'maskable']);
    for (const icon of manifest.icons.filter((i) => i.type === 'image/png')) {
      const size = Number(icon.sizes.split('x')[0]);
      expect(pngSize(bytes(`${host}${icon.src}`)), icon.src).toEqual([size, size]);
    }
    expect(result.output.has(`${host}${manifest.icons.find((i) => i.type === 'image/svg+xml')!.src}`)).toBe(true);
  });
});

describe('the icons', () => {
  it.each(HOSTS)('of %s: favicon.ico holds 16, 32 and 48 px PNGs; the touch and maskable icons are opaque on the background colour, the others transparent around the drawing', async (host) => {
    const ico = bytes(`${host}/favicon.ico`);
    const view = new DataView(ico.buffer, ico.byteOffset, ico.byteLength);
    expect([view.getUint16(0, true), view.getUint16(2, true), view.getUint16(4, true)]).toEqual([0, 1, 3]);
    const images = [0, 1, 2].map((i) => {
      const at = 6 + 16 * i;
      return ico.subarray(view.getUint32(at + 12, true), view.getUint32(at + 12, true) + view.getUint32(at + 8, true));
    });
    expect(images.map(pngSize)).toEqual([[16, 16], [32, 32], [48, 48]]);
    expect(pngSize(bytes(`${host}/favicon-32x32.png`))).toEqual([32, 32]);
    expect(pngSize(bytes(`${host}/apple-touch-icon.png`))).toEqual([180, 180]);
    const background = token('--c-bg').replace('#', '').match(/../g)!.map((h) => Number.parseInt(h, 16));
    const corner = async (file: string) => [...(await sharp(bytes(`${host}${file}`)).ensureAlpha().raw().toBuffer()).subarray(0, 4)];
    for (const file of ['/apple-touch-icon.png', '/icon-maskable-512.png']) expect(await corner(file), file).toEqual([...background, 255]);
    for (const file of ['/favicon-32x32.png', '/icon-192.png', '/icon-512.png']) expect((await corner(file))[3], file).toBe(0);
  });
});

describe('security.txt', () => {
  it.each(HOSTS)('of %s says what site.yaml says, with its own Canonical', (host) => {
    expect(text(`${host}/.well-known/security.txt`)).toBe([
      ...siteYaml.security.contact.map((c) => `Contact: ${c}`),
      `Expires: ${siteYaml.security.expires}T00:00:00.000Z`,
      `Preferred-Languages: ${siteYaml.security.preferredLanguages.join(', ')}`,
      `Canonical: https://${host}/.well-known/security.txt`,
      '',
    ].join('\n'));
  });
});

describe('the head of every page', () => {
  it('links the icons and the manifest of its host and sets the theme colour of the design tokens', () => {
    const expected = [
      `<meta name="theme-color" content="${token('--c-primary')}"/>`,
      '<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48"/>',
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
      '<link rel="icon" href="/favicon-32x32.png" type="image/png" sizes="32x32"/>',
      '<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>',
      '<link rel="manifest" href="/site.webmanifest"/>',
    ].join('');
    for (const page of result.pages) {
      const head = text(page.outputPath).split('</head>')[0]!;
      expect(head, page.outputPath).toContain(expected);
    }
  });
});
