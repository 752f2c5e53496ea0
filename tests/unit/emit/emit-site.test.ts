import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectOutput, emitSite } from '../../../src/emit/emit-site.js';
import { openStaging, PENDING_BYTES, PENDING_WRITES } from '../../../src/emit/staging.js';
import { sizeOf, type OutputBytes } from '../../../src/model/output-file.js';

describe('collectOutput', () => {
  it('refuses two outputs for one path', () => {
    const { diagnostics, output } = collectOutput([{ path: 'a/index.html', contents: 'one' }, { path: 'a/index.html', contents: 'two' }]);
    expect(diagnostics).toMatchObject([{ code: 'EMIT_FAILED', message: 'two outputs for one file: a/index.html' }]);
    expect(new TextDecoder().decode(output.get('a/index.html') as Uint8Array)).toBe('one');
  });

  it('refuses paths that would leave the output directory', () => {
    const { diagnostics } = collectOutput([{ path: '../etc/passwd', contents: 'x' }, { path: 'a//b', contents: 'x' }, { path: 'a\\..\\b', contents: 'x' }]);
    expect(diagnostics).toHaveLength(3);
  });
});

describe('emitSite', () => {
  it('writes bytes shared by several paths once, as hard links', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'sitegen-emit-'));
    const out = join(parent, 'dist');
    const page = new TextEncoder().encode('<p>page</p>');
    await emitSite(new Map([['host/a.html', page], ['.vercel/output/static/host/a.html', page], ['host/b.html', new TextEncoder().encode('<p>page</p>')]]), await openStaging(out));
    const [a, copy, b] = ['host/a.html', '.vercel/output/static/host/a.html', 'host/b.html'].map((p) => statSync(join(out, p)));
    expect(readFileSync(join(out, '.vercel/output/static/host/a.html'), 'utf8')).toBe('<p>page</p>');
    expect(copy!.ino).toBe(a!.ino);
    expect(b!.ino).not.toBe(a!.ino);
  });

  it('replaces the output directory as a whole and leaves no staging directory', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'sitegen-emit-'));
    const out = join(parent, 'dist');
    mkdirSync(out);
    writeFileSync(join(out, 'stale.html'), 'old');
    await emitSite(new Map([['host/index.html', new TextEncoder().encode('new')]]), await openStaging(out));
    expect(readFileSync(join(out, 'host/index.html'), 'utf8')).toBe('new');
    expect(existsSync(join(out, 'stale.html'))).toBe(false);
    expect(readdirSync(parent)).toEqual(['dist']);
  });

  it('keeps the previous output when writing fails', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'sitegen-emit-'));
    const out = join(parent, 'dist');
    mkdirSync(out);
    writeFileSync(join(out, 'index.html'), 'previous');
    // A file and a directory of the same name cannot both be written.
    const clash = new Map([['a', new Uint8Array([1])], ['a/b.html', new Uint8Array([2])]]);
    await expect(emitSite(clash, await openStaging(out))).rejects.toThrow();
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(parent)).toEqual(['dist']);
  });

  it('writes pages handed to the staging store at once, links their copies, and takes previous files without reading them', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'sitegen-emit-'));
    const out = join(parent, 'dist');
    mkdirSync(join(out, 'host'), { recursive: true });
    writeFileSync(join(out, 'host/kept.html'), 'kept from the previous output');
    const staging = await openStaging(out);
    const page = staging.store.put('host/a.html', new TextEncoder().encode('<p>streamed</p>'));
    await staging.settled();
    // On disk before emit runs, and stands for its bytes from then on.
    expect(readFileSync(join(staging.dir, 'host/a.html'), 'utf8')).toBe('<p>streamed</p>');
    expect(sizeOf(page)).toBe(15);
    const kept: OutputBytes = { onDisk: join(out, 'host/kept.html'), size: 29 };
    const previousIno = statSync(join(out, 'host/kept.html')).ino;
    await emitSite(new Map([['host/a.html', page], ['host/404.html', page], ['host/kept.html', kept], ['.vercel/output/static/host/kept.html', kept]]), staging);
    expect(statSync(join(out, 'host/404.html')).ino).toBe(statSync(join(out, 'host/a.html')).ino);
    expect(statSync(join(out, 'host/kept.html')).ino).toBe(previousIno);
    expect(readFileSync(join(out, '.vercel/output/static/host/kept.html'), 'utf8')).toBe('kept from the previous output');
    expect(readdirSync(parent)).toEqual(['dist']);
  });

  it('asks render to wait while too many page writes are pending, and lets it go on once they are done', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'sitegen-emit-'));
    const staging = await openStaging(join(parent, 'dist'));
    for (let i = 0; i < PENDING_WRITES - 1; i++) staging.store.put(`host/p${i}.html`, new Uint8Array(10));
    expect(staging.store.backlog()).toBeUndefined();
    staging.store.put('host/last.html', new Uint8Array(10));
    const behind = staging.store.backlog();
    expect(behind).toBeInstanceOf(Promise);
    await behind;
    await staging.settled();
    expect(readdirSync(join(staging.dir, 'host'))).toHaveLength(PENDING_WRITES);
    await staging.discard();
    expect(readdirSync(parent)).toEqual([]);
  });

  it('asks the maker of a few large files (sitemaps, reports) to wait while their bytes are pending, however few the files', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'sitegen-emit-'));
    const staging = await openStaging(join(parent, 'dist'));
    staging.store.put('host/sitemap-1.xml', new Uint8Array(PENDING_BYTES / 2));
    expect(staging.store.backlog()).toBeUndefined();
    staging.store.put('host/sitemap-2.xml', new Uint8Array(PENDING_BYTES / 2));
    const behind = staging.store.backlog();
    expect(behind).toBeInstanceOf(Promise);
    await behind;
    // Let go once the bytes still pending are under half the bound: here, both files written.
    expect(readdirSync(join(staging.dir, 'host')).sort()).toEqual(['sitemap-1.xml', 'sitemap-2.xml']);
    expect(statSync(join(staging.dir, 'host/sitemap-2.xml')).size).toBe(PENDING_BYTES / 2);
    expect(staging.store.backlog()).toBeUndefined();
    await staging.discard();
  });
});
