import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { READ_THREAD_FROM } from '../../../src/fs/file-threads.js';
import { memorySourceFs, nodeSourceFs } from '../../../src/fs/source-fs.js';
import { loadSite } from '../../../src/load/load-site.js';
import { baseFiles } from '../../helpers/fixture.js';

const siteYaml = baseFiles()['content/site.yaml']!;

describe('the load stage', () => {
  it('reads site.yaml from the folder --config names and every content file under it, sorted, without dotfiles or a byte order mark', async () => {
    const fs = memorySourceFs({
      'docs-site/site.yaml': siteYaml,
      'docs-site/en/blog/b.md': '\uFEFF---\ntitle: B\n---\n',
      'docs-site/en/blog/a.md': '---\ntitle: A\n---\n',
      'docs-site/en/blog/.a.md.swp': 'editor state',
      'docs-site/public/images/x.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'docs-site/public/favicon.svg': baseFiles()['content/public/favicon.svg']!,
      'content/en/blog/elsewhere.md': 'not this site',
    });
    const { site, diagnostics } = await loadSite(fs, 'docs-site/site.yaml');
    expect(diagnostics).toEqual([]);
    expect(site?.contentDir).toBe('docs-site');
    expect(site?.sources.files.map((f) => f.path)).toEqual(['docs-site/en/blog/a.md', 'docs-site/en/blog/b.md', 'docs-site/site.yaml']);
    expect(site?.sources.assets.map((a) => a.urlPath)).toEqual(['/favicon.svg', '/images/x.svg']);
    // Markdown is known by its digest (parse reads each file again); a dev session keeps the texts.
    const kept = await loadSite(fs, 'docs-site/site.yaml', true);
    expect(kept.site?.sources.files[1]?.text?.startsWith('---')).toBe(true);
  });

  it('keeps no Markdown text, only the digest of its bytes, unless asked to; YAML always with its text', async () => {
    const fs = memorySourceFs({ 'content/site.yaml': siteYaml, 'content/en/blog/a.md': '---\ntitle: A\n---\n\nBody\n' });
    const { site } = await loadSite(fs, 'content/site.yaml');
    const [markdown, yaml] = site!.sources.files;
    expect(markdown).toEqual({ path: 'content/en/blog/a.md', digest: createHash('sha256').update('---\ntitle: A\n---\n\nBody\n').digest('hex') });
    expect(yaml?.text).toBe(siteYaml);
  });

  it('reads a content folder on disk as one held in memory, its Markdown digested in two threads', async () => {
    // Enough Markdown files for nodeSourceFs to digest half of them in a thread of its own, beside a
    // Markdown file in public/ (an asset, bytes kept), a dotfile (skipped) and an empty file.
    const files: Record<string, string> = { 'content/site.yaml': siteYaml, 'content/public/notes.md': '# served as it is\n', 'content/en/blog/.draft.md': 'hidden', 'content/en/blog/empty.md': '' };
    for (let i = 0; i < READ_THREAD_FROM + 5; i++) files[`content/en/blog/p${i}.md`] = `---\ntitle: P${i}\n---\n\n${'Body. '.repeat(i % 50)}\n`;
    const root = mkdtempSync(join(tmpdir(), 'sitegen-load-'));
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      for (const keepMarkdown of [false, true]) {
        const onDisk = await loadSite(nodeSourceFs(root), 'content/site.yaml', keepMarkdown);
        const inMemory = await loadSite(memorySourceFs(files), 'content/site.yaml', keepMarkdown);
        expect(onDisk.site?.sources.files).toEqual(inMemory.site?.sources.files);
        expect(onDisk.site?.sources.files).toHaveLength(READ_THREAD_FROM + 5 + 2);
        // Bytes as a Buffer from disk, a Uint8Array from memory: the same bytes.
        const assets = (loaded: typeof onDisk) => loaded.site?.sources.assets.map((a) => [a.urlPath, Buffer.from(a.bytes).toString()]);
        expect(assets(onDisk)).toEqual([['/notes.md', '# served as it is\n']]);
        expect(assets(onDisk)).toEqual(assets(inMemory));
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('stops at a missing configuration, naming the file it looked for', async () => {
    const { site, diagnostics } = await loadSite(memorySourceFs({}), 'other/site.yaml');
    expect(site).toBeUndefined();
    expect(diagnostics.map((d) => [d.code, d.file])).toEqual([['CONFIG_NOT_FOUND', 'other/site.yaml']]);
  });

  it('stops at an invalid configuration with the key, line and column of each problem', async () => {
    const broken = siteYaml.replace(/^pageSize: \d+$/m, 'pageSize: many');
    const { site, diagnostics } = await loadSite(memorySourceFs({ 'content/site.yaml': broken }), 'content/site.yaml');
    expect(site).toBeUndefined();
    const line = broken.split('\n').findIndex((l) => l.startsWith('pageSize:')) + 1;
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'CONFIG_INVALID', file: 'content/site.yaml', position: expect.objectContaining({ line }) })]);
    expect(diagnostics[0]?.message).toContain('pageSize');
  });

  it('names the values structuredData.applicationCategory takes when it is not one of them', async () => {
    const broken = siteYaml.replace(/^( {2}applicationCategory: )\w+$/m, '$1BrowserApp');
    const { site, diagnostics } = await loadSite(memorySourceFs({ 'content/site.yaml': broken }), 'content/site.yaml');
    expect(site).toBeUndefined();
    const line = broken.split('\n').findIndex((l) => l.includes('applicationCategory: BrowserApp')) + 1;
    expect(line).toBeGreaterThan(0);
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'CONFIG_INVALID', file: 'content/site.yaml', position: expect.objectContaining({ line, column: 24 }) })]);
    expect(diagnostics[0]?.message).toContain('structuredData.applicationCategory');
    expect(diagnostics[0]?.message).toContain('BrowserApplication');
  });
});
