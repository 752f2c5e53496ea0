import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectOutput, emitSite } from '../../../src/emit/emit-site.js';

describe('collectOutput', () => {
  it('refuses two outputs for one path', () => {
    const { diagnostics, output } = collectOutput([{ path: 'a/index.html', contents: 'one' }, { path: 'a/index.html', contents: 'two' }]);
    expect(diagnostics).toMatchObject([{ code: 'EMIT_FAILED', message: 'two outputs for one file: a/index.html' }]);
    expect(new TextDecoder().decode(output.get('a/index.html'))).toBe('one');
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
    await emitSite(new Map([['host/a.html', page], ['.vercel/output/static/host/a.html', page], ['host/b.html', new TextEncoder().encode('<p>page</p>')]]), out);
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
    await emitSite(new Map([['host/index.html', new TextEncoder().encode('new')]]), out);
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
    await expect(emitSite(clash, out)).rejects.toThrow();
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(parent)).toEqual(['dist']);
  });
});
