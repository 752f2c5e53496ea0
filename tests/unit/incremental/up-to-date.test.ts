import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/build.js';
import { nodeSourceFs } from '../../../src/fs/source-fs.js';
import { pathsUnder } from '../../../src/fs/paths-under.js';
import { baseFiles, blogPost, MAIN, projectOnDisk, publicFiles, ROOT } from '../../helpers/fixture.js';

// A build whose inputs and output are those of the previous build keeps that output and does
// nothing (issue "Speed at scale", goal 2); any change to an input or to the output builds again.
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function project() {
  const root = projectOnDisk({ ...baseFiles(), ...publicFiles(), 'content/en/blog/hello.md': blogPost({ title: 'Hello' }, 'Hello there.\n') }, 'sitegen-up-to-date-');
  dirs.push(root);
  const cacheDir = join(root, '.cache');
  const run = (extra: { outDir?: string } = {}) => build({ root, fs: nodeSourceFs(root), cacheDir, jobs: 1, minify: true, upToDateCheck: true, ...extra });
  return { root, run, dist: join(root, 'dist') };
}

const page = (dist: string) => join(dist, MAIN, 'blog/hello.html');

describe('a build with nothing to do', () => {
  it('keeps the output when no input changed, reports what the previous build reported, and writes nothing', async () => {
    const { run, dist } = project();
    const first = await run();
    expect(first.ok).toBe(true);
    expect(first.upToDate).toBeUndefined();
    const before = statSync(page(dist));
    const second = await run();
    expect(second.ok).toBe(true);
    expect(second.upToDate?.pages.total).toBe(first.pages.length);
    expect(second.upToDate?.output.files).toBe(first.output.size);
    expect(second.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual(first.diagnostics.map((d) => `${d.code} ${d.message}`));
    expect(second.timings.render).toBeUndefined();
    const after = statSync(page(dist));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it('builds again when a content file, a template or a public asset changed', async () => {
    const { root, run, dist } = project();
    await run();
    appendFileSync(join(root, 'content/en/blog/hello.md'), 'A second line.\n');
    const edited = await run();
    expect(edited.upToDate).toBeUndefined();
    expect(readFileSync(page(dist), 'utf8')).toContain('A second line.');
    expect((await run()).upToDate).toBeDefined();

    appendFileSync(join(root, 'templates/index.tsx'), '\n// an edit\n');
    expect((await run()).upToDate).toBeUndefined();
    expect((await run()).upToDate).toBeDefined();

    const asset = readdirSync(join(root, 'content/public/images'), { recursive: true, withFileTypes: true }).find((e) => e.isFile())!;
    appendFileSync(join(asset.parentPath, asset.name), ' ');
    expect((await run()).upToDate).toBeUndefined();
  });

  it('keeps the output of a build whose search index is in shards: the build leaves no file in it that it did not list', async () => {
    const posts = Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`content/en/blog/post-${n}.md`, blogPost({ title: `Post ${n}` }, `Words of post ${n}.\n`)]));
    const files = { ...baseFiles(), ...publicFiles(), ...posts };
    files['content/site.yaml'] += '\nsearch:\n  pagesPerIndex: 2\n';
    const root = projectOnDisk(files, 'sitegen-up-to-date-shards-');
    dirs.push(root);
    const run = () => build({ root, fs: nodeSourceFs(root), cacheDir: join(root, '.cache'), jobs: 1, minify: true, upToDateCheck: true });
    const first = await run();
    expect(first.ok).toBe(true);
    const written = (await pathsUnder(join(root, 'dist'))).sort();
    expect(written.filter((path) => /\/pagefind\/en-\d+\//.test(path)).length).toBeGreaterThan(0);
    expect(written).toEqual([...first.output.keys()].sort());
    expect((await run()).upToDate).toBeDefined();
  });

  it('builds again when the output was changed, and puts back what the build writes', async () => {
    const { run, dist } = project();
    const first = await run();
    const original = readFileSync(page(dist), 'utf8');

    writeFileSync(page(dist), original.replace('Hello there.', 'Tampered.'));
    expect((await run()).upToDate).toBeUndefined();
    expect(readFileSync(page(dist), 'utf8')).toBe(original);

    unlinkSync(page(dist));
    expect((await run()).upToDate).toBeUndefined();
    expect(readFileSync(page(dist), 'utf8')).toBe(original);

    writeFileSync(join(dist, 'stray.html'), '<p>not ours</p>');
    const again = await run();
    expect(again.upToDate).toBeUndefined();
    expect(existsSync(join(dist, 'stray.html'))).toBe(false);
    expect(again.output.size).toBe(first.output.size);
  });

  it('builds again when the stamp is damaged, and never keeps an output it did not stamp', async () => {
    const { root, run } = project();
    await run();
    const stamps = join(root, '.cache/builds');
    const [stamp] = readdirSync(stamps);
    writeFileSync(join(stamps, stamp!), '{"version":1,"inputs":');
    expect((await run()).upToDate).toBeUndefined();
    // The build above wrote a good stamp again; now two of its entries are damaged.
    const damaged = JSON.parse(readFileSync(join(stamps, stamp!), 'utf8')) as { files: unknown[] };
    damaged.files[0] = null;
    damaged.files[1] = [42];
    writeFileSync(join(stamps, stamp!), JSON.stringify(damaged));
    const afterDamage = await run();
    expect(afterDamage.ok).toBe(true);
    expect(afterDamage.upToDate).toBeUndefined();
    expect((await run({ outDir: 'elsewhere' })).upToDate).toBeUndefined();
    expect((await run({ outDir: 'elsewhere' })).upToDate).toBeDefined();
  });

  it('sitegen build says it kept the output, prints the same warnings, and --check still checks it', () => {
    const { root } = project();
    // Its own cache folder: the default one is under the project's node_modules, which here links to the
    // repository's, shared with every other build on the machine (one of which may replace the output snapshot).
    const cli = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, 'bin/sitegen'), 'build', '--root', root, '--cache-dir', join(root, '.cli-cache'), ...args], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, CI: 'true' } });
    const first = cli('--check');
    expect(first.stderr).not.toContain('up to date');
    const second = cli('--check');
    expect(second.stderr).toContain('up to date: no source, template or sitegen file changed since the previous build');
    const warnings = (text: string) => text.split('\n').filter((line) => line.startsWith('warning ')).sort();
    expect(warnings(second.stderr)).toEqual(warnings(first.stderr));
    // The check of the kept output, read from disk, finds what the check of the output in memory found.
    const checkReport = (text: string) => text.split('\n').slice(text.split('\n').findIndex((line) => /^\d+ warnings?$/.test(line)) + 1).filter((line) => !line.startsWith('checks:')).join('\n');
    expect(checkReport(first.stderr)).toContain('legacy-urls.yaml');
    expect(checkReport(second.stderr)).toBe(checkReport(first.stderr));
    expect(second.status).toBe(first.status);
    const json = JSON.parse(cli('--json').stdout) as { upToDate: boolean; pages: { total: number } };
    expect(json.upToDate).toBe(true);
    expect(json.pages.total).toBeGreaterThan(100);
    // --rebuild with nothing changed: the whole output is linked from the cache, and checked from disk.
    const rebuilt = cli('--rebuild', '--check');
    expect(rebuilt.stderr).toContain('from the cache: no source, template or sitegen file changed since the build that filled it');
    expect(checkReport(rebuilt.stderr)).toBe(checkReport(first.stderr));
    expect(rebuilt.status).toBe(first.status);
    const rebuiltJson = JSON.parse(cli('--rebuild', '--json').stdout) as { restored: boolean; upToDate: boolean; pages: { total: number } };
    expect(rebuiltJson).toMatchObject({ restored: true, upToDate: false, pages: { total: json.pages.total } });
  }, 300_000);
});
