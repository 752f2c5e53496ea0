import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../src/build.js';
import { buildDate } from '../../../src/build-options.js';
import { memorySourceFs, nodeSourceFs } from '../../../src/fs/source-fs.js';
import { baseFiles, blogPost, buildFixture, MAIN, projectOnDisk, ROOT } from '../../helpers/fixture.js';

/**
 * The configuration of the files beside the pages (docs/feeds.md): the icon's source, the
 * addresses the build keeps for itself, security.txt and the warning before it expires.
 */
const siteYaml = baseFiles()['content/site.yaml']!;
const lineOf = (text: string, start: string) => text.split('\n').findIndex((line) => line.startsWith(start)) + 1;
const withSecurity = (security: string) => siteYaml.replace(/^security:\n(  .*\n)+/m, security);

describe('icons.source', () => {
  it('is an error at its key when public/ has no such file, and the build stops', async () => {
    const yaml = siteYaml.replace('source: /favicon.svg', 'source: /logo.svg');
    const result = await buildFixture({ ...baseFiles(), 'content/site.yaml': yaml });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => [d.code, d.file, d.position?.line, d.message])).toEqual([
      ['ICON_SOURCE_INVALID', 'content/site.yaml', lineOf(yaml, '  source:'), 'icons.source is /logo.svg, but public/logo.svg does not exist in the content folder: add the site\'s icon there (an SVG), or set icons.source to the SVG that is'],
    ]);
  });

  it('defaults to /favicon.svg, and says so when that file is missing', async () => {
    const yaml = siteYaml.replace(/^icons:\n  source: .*\n/m, '');
    const files: Record<string, string> = { ...baseFiles(), 'content/site.yaml': yaml };
    delete files['content/public/favicon.svg'];
    const result = await buildFixture(files);
    expect(result.diagnostics.map((d) => [d.code, d.position?.line, d.message])).toEqual([
      ['ICON_SOURCE_INVALID', 1, 'icons.source is not set, so it is /favicon.svg, but public/favicon.svg does not exist in the content folder: add the site\'s icon there (an SVG), or set icons.source to the SVG that is'],
    ]);
  });

  it('is an error at the file when it draws nothing', async () => {
    const result = await buildFixture({ ...baseFiles(), 'content/public/favicon.svg': 'this is not an SVG' });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.filter((d) => d.code === 'ICON_SOURCE_INVALID').map((d) => [d.file, d.message])).toEqual([
      ['content/public/favicon.svg', 'the site\'s icon /favicon.svg (icons.source) cannot be drawn: it draws nothing (not an SVG resvg can read, or an empty drawing)'],
    ]);
  });

  it('keeps the icons\' addresses for the build: a file of public/ there is an error naming it', async () => {
    const result = await buildFixture({ ...baseFiles(), 'content/public/apple-touch-icon.png': 'png', 'content/public/site.webmanifest': '{}' });
    expect(result.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['PUBLIC_FILE_RESERVED', 'content/public/apple-touch-icon.png'],
      ['PUBLIC_FILE_RESERVED', 'content/public/site.webmanifest'],
    ]);
  });
});

describe('security', () => {
  it('rejects a contact that is not mailto:, tel: or https:, and a date that is none, at the key', async () => {
    const yaml = withSecurity('security:\n  contact: [http://example.com/report]\n  expires: 2027-02-30\n');
    const result = await buildFixture({ ...baseFiles(), 'content/site.yaml': yaml });
    expect(result.diagnostics.map((d) => [d.code, d.position?.line, d.message])).toEqual([
      ['CONFIG_INVALID', lineOf(yaml, '  contact:'), '"security.contact[0]": must be a mailto:, tel: or https:// URI, such as mailto:security@example.com'],
      ['CONFIG_INVALID', lineOf(yaml, '  expires:'), '"security.expires": must be a date such as 2027-06-30 or a UTC time such as 2027-06-30T12:00:00Z'],
    ]);
  });

  it('writes security.txt on every host, with that host\'s Canonical and the optional fields set', async () => {
    const yaml = withSecurity('security:\n  contact: [mailto:sec@example.com, "tel:+1-201-555-0123"]\n  expires: 2030-01-31T12:00:00Z\n  policy: https://example.com/policy\n');
    const result = await buildFixture({ ...baseFiles(), 'content/site.yaml': yaml });
    expect(new TextDecoder().decode(result.output.get('www.polybrowser-ru.example/.well-known/security.txt'))).toBe([
      'Contact: mailto:sec@example.com',
      'Contact: tel:+1-201-555-0123',
      'Expires: 2030-01-31T12:00:00.000Z',
      'Canonical: https://www.polybrowser-ru.example/.well-known/security.txt',
      'Policy: https://example.com/policy',
      '',
    ].join('\n'));
    expect(result.output.has(`${MAIN}/.well-known/security.txt`)).toBe(true);
  });

  it('writes none without the key', async () => {
    const result = await buildFixture({ ...baseFiles(), 'content/site.yaml': withSecurity('') });
    expect([...result.output.keys()].filter((path) => path.includes('security.txt'))).toEqual([]);
  });
});

describe('the date a build warns by', () => {
  it('is SOURCE_DATE_EPOCH when set (as reproducible builds set it), else the system clock', () => {
    expect(buildDate({ SOURCE_DATE_EPOCH: '1827000000' }).toISOString()).toBe('2027-11-23T20:00:00.000Z');
    for (const env of [{}, { SOURCE_DATE_EPOCH: 'soon' }]) expect(Number.isNaN(buildDate(env).getTime())).toBe(false);
  });
});

describe('the warning before security.txt expires', () => {
  const expires = /^ {2}expires: (.*)$/m.exec(siteYaml)![1]!;
  const day = 24 * 60 * 60 * 1000;
  const at = (offsetDays: number) => () => new Date(new Date(`${expires}T00:00:00Z`).getTime() + offsetDays * day);
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('is given from 30 days before security.expires and after it, at the key, and the output is the same whatever the date', async () => {
    const builds: BuildResult[] = [];
    for (const days of [-31, -30, -1, 0, 3]) builds.push(await build({ root: ROOT, fs: memorySourceFs(baseFiles()), write: false, minify: true, now: at(days) }));
    const warnings = builds.map((b) => b.diagnostics.filter((d) => d.code === 'SECURITY_TXT_EXPIRES').map((d) => `${d.file}:${d.position?.line} ${d.severity} ${d.message}`));
    const place = `content/site.yaml:${lineOf(siteYaml, '  expires:')}`;
    expect(warnings).toEqual([
      [],
      [`${place} warning security.txt expires in 30 days (security.expires is ${expires}): set a later date in site.yaml and deploy`],
      [`${place} warning security.txt expires in 1 day (security.expires is ${expires}): set a later date in site.yaml and deploy`],
      [`${place} warning security.txt expired today (security.expires is ${expires}): set a later date in site.yaml and deploy`],
      [`${place} warning security.txt expired 3 days ago (security.expires is ${expires}): set a later date in site.yaml and deploy`],
    ]);
    const securityTxt = (b: (typeof builds)[number]) => new TextDecoder().decode(b.output.get(`${MAIN}/.well-known/security.txt`));
    expect(new Set(builds.map(securityTxt)).size).toBe(1);
    expect(securityTxt(builds[0]!)).toContain(`Expires: ${expires}T00:00:00.000Z\n`);
  });

  it('is given by a build that keeps its output as it is, and never stamped with that output', async () => {
    const root = projectOnDisk({ ...baseFiles(), 'content/en/blog/hello.md': blogPost() }, 'sitegen-expiry-kept-');
    dirs.push(root);
    const run = (days: number) => build({ root, fs: nodeSourceFs(root), cacheDir: join(root, '.cache'), jobs: 1, minify: true, upToDateCheck: true, now: at(days) });
    const early = await run(-60);
    expect(early.diagnostics.filter((d) => d.code === 'SECURITY_TXT_EXPIRES')).toEqual([]);
    const late = await run(-5);
    expect(late.upToDate).toBeDefined();
    expect(late.diagnostics.filter((d) => d.code === 'SECURITY_TXT_EXPIRES').map((d) => d.message)).toEqual([`security.txt expires in 5 days (security.expires is ${expires}): set a later date in site.yaml and deploy`]);
    const again = await run(-60);
    expect(again.upToDate).toBeDefined();
    expect(again.diagnostics.filter((d) => d.code === 'SECURITY_TXT_EXPIRES')).toEqual([]);
    expect(readFileSync(join(root, 'dist', MAIN, '.well-known/security.txt'), 'utf8')).toContain(`Expires: ${expires}T00:00:00.000Z`);
  });
});
