import { resolve } from 'node:path';
import { buildDate, incrementalOptions, type BuildOptions } from './build-options.js';
import { bundleSite, stopBundler } from './bundle/bundle-site.js';
import { compileEdgeConfig } from './edge/compile-edge-config.js';
import { writeOutput } from './emit/emit-site.js';
import { OutputOnDisk } from './emit/output-on-disk.js';
import { openStaging, sweepStaging } from './emit/staging.js';
import { countOutput, countPages } from './emit/output-counts.js';
import { nodeSourceFs } from './fs/source-fs.js';
import { encodeImages } from './images/encode-images.js';
import { inMemory } from './model/output-file.js';
import { readImageFacts } from './images/image-facts.js';
import { withArticleCovers } from './images/article-covers.js';
import { openIncremental, type IncrementalBuild } from './incremental/incremental-build.js';
import type { MarkdownBodies } from './incremental/markdown-cache.js';
import type { FrontMatterCache } from './incremental/front-matter-cache.js';
import { lastBuildOf } from './incremental/last-build.js';
import { inSession, keepBundles, releaseWorkers, reusableBundles } from './incremental/session.js';
import { DEFAULT_CONFIG } from './load/load-config.js';
import { securityExpiryWarnings } from './load/security-expiry.js';
import { sortDiagnostics } from './errors/site-error.js';
import { loadSite } from './load/load-site.js';
import { parseSite, type ParsedSite } from './parse/parse-site.js';
import type { BuildResult, Stage } from './pipeline/build-result.js';
import type { Progress } from './model/progress.js';
import { BuildRun } from './pipeline/build-run.js';
import { stageCollections } from './pipeline/stage-collections.js';
import { renderOutput, type RenderInput } from './pipeline/site-output.js';
import { routeSite } from './route/route-site.js';
import { hostDir } from './route/urls.js';
import { indexSearch } from './search/index-search.js';
import { drawSocialImages } from './social/social-images.js';
import { validateSite } from './validate/validate-site.js';

export { STAGES, type BuildResult, type Stage } from './pipeline/build-result.js';
export { createSession, type BuildSession } from './incremental/session.js';
export type { BuildOptions } from './build-options.js';

/**
 * The parse stage through the caches, which are saved after it: the front-matter cache (let go
 * here: it holds every file's front matter, which a build needs no more once parsed) and the
 * Markdown cache (its packs hold exactly what this build used).
 */
async function parseWithCaches(incremental: IncrementalBuild, markdown: MarkdownBodies, parse: (frontMatter: FrontMatterCache) => Promise<ParsedSite>): Promise<ParsedSite> {
  const frontMatter = await incremental.frontMatter();
  const parsed = await parse(frontMatter);
  await markdown.finish();
  await frontMatter.save();
  return parsed;
}

/** The pipeline: each stage a verb that returns its value and its diagnostics; only emit writes. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  return inSession(options, (session) => {
    const run = new BuildRun(options.clock ?? (() => performance.now()), options.onStage, options.stopAfter);
    const collect = stageCollections();
    const outDir = resolve(options.root, options.outDir ?? 'dist');
    const { onProgress } = options;
    const progress = (stage: Stage): Progress | undefined => onProgress && ((done, total) => onProgress(stage, done, total));
    return run.run(async () => {
      // What builds killed before left next to the output goes first: it may be the previous output itself (staging.ts).
      if (options.write !== false) await sweepStaging(outDir);
      const fs = options.fs ?? nodeSourceFs(options.root);
      // A dev session keeps the Markdown it read (it applies edits to it); a build reads each file again when it parses it.
      const loaded = run.need(run.check(await loadSite(fs, options.config ?? DEFAULT_CONFIG, session.shared)).site);
      const { config, sources } = loaded;
      // Warnings of the clock, not of the inputs: every build gives them, none is stamped with the output.
      const dated = run.note({ diagnostics: securityExpiryWarnings(config, (options.now ?? buildDate)(), loaded.configPath, loaded.configText) }).diagnostics;
      const undated = () => run.sorted().filter((d) => !dated.includes(d));
      const withDated = (result: BuildResult): BuildResult => ({ ...result, diagnostics: sortDiagnostics([...result.diagnostics, ...dated]) });
      const incremental = await openIncremental(incrementalOptions(options, outDir), session, loaded);
      if (incremental.upToDate) return (run.lap('load'), withDated(incremental.upToDate(run.timings)));
      const restored = incremental.restored;
      if (restored) {
        run.lap('load');
        const written = run.check(await writeOutput(restored.output, outDir, options.outDir ?? 'dist', progress('emit')));
        try {
          await restored.stamp(written.sameFiles);
        } finally {
          await written.retiredGone;
        }
        run.lap('emit');
        return withDated(restored.result(run.timings));
      }
      const facts = await readImageFacts(sources.assets, config.images);
      // sharp encodes off the main thread, while the pages are parsed and rendered.
      const images = encodeImages(sources.assets, facts, incremental.imageCache, config.images);
      images.catch(() => undefined); // awaited by render; a build that fails before must not leave it unhandled
      run.lap('load');
      const markdown = await incremental.markdown();
      // Rendered bodies are kept out of memory until their pages render (model/markdown.ts): in the
      // cache's packs or a temporary file, which the build closes when it ends.
      run.atEnd(() => markdown.close());
      // The parsed records hold every file's front matter (its positions are found when asked): let go once validated.
      let parsed: ParsedSite | undefined = await parseWithCaches(incremental, markdown, (frontMatter) => parseSite(sources, config, { images: facts, render: markdown.render, split: frontMatter.split, known: frontMatter.known, cached: markdown.cached, progress: progress('parse'), read: (path) => fs.readBytesSync(path), windowDone: collect }));
      await releaseWorkers(session);
      collect();
      run.lap('parse');
      // Validate and route go on past errors (validate-site.ts: files with errors stand in for their
      // pages), so one build reports every problem in the content; the build stops after route.
      // Articles without a cover get one drawn from their title (images/article-covers.ts).
      const valid = run.need(run.note(validateSite(parsed, config)).site);
      parsed = undefined;
      collect();
      // A build that writes streams what it makes to the folder that replaces the output, from the
      // covers drawn now to the pages; a dev session keeps them in memory.
      const staging = options.write !== false && !session.shared ? await openStaging(outDir, incremental.knownFiles) : undefined;
      if (staging) run.onStop(() => staging.discard());
      const site = await withArticleCovers(valid, staging && (async (host, path, bytes, digest) => {
        const kept = staging.store.put(`${hostDir(config, host)}${path}`, bytes, digest);
        await staging.store.backlog();
        return kept;
      }));
      run.lap('validate');
      const routed = run.note(routeSite(site));
      const edge = run.check(compileEdgeConfig(site, routed.pages, loaded.configPath));
      run.lap('route');
      const bundles = run.need(run.check(await bundleSite(options.root, config, edge.json, { minify: options.minify, reuse: reusableBundles(session, config, edge.json) })).bundles);
      keepBundles(session, config, edge.json, bundles);
      if (!session.shared) await stopBundler();
      // Route's garbage goes before the social stage's drawing processes add theirs beside this one.
      collect();
      run.lap('bundle');
      // A social image for every indexable page, drawn in the pool's processes unless the cache has it.
      const social = run.note(await drawSocialImages(site, routed.pages, incremental.social, progress('social')));
      await releaseWorkers(session);
      collect();
      run.lap('social');
      const plan = await incremental.plan(site, routed, bundles);
      // The search stage reads the pages render wrote: the staging folder has them once the writes handed to it so far are done.
      const search: RenderInput['search'] = (pages) => run.within('search', async () => {
        await staging?.writtenSoFar();
        return indexSearch(pages, incremental.searchCache, progress('search'));
      });
      const rendered = run.check(await renderOutput({ site, routed, edge, bundles, images, social, configPath: loaded.configPath, sources, search, madeFiles: collect }, { ...plan, store: staging?.store }, progress('render')));
      const figures = { edge: { bytes: edge.bytes, budget: edge.budget }, js: { maxGzip: rendered.js.maxGzip, budget: config.client.budgetGzip }, images: rendered.images.stats, social: social.stats };
      collect();
      run.lap('render');
      const outputCounts = countOutput(rendered.output);
      if (options.write !== false) {
        const written = run.check(await writeOutput(rendered.output, staging ?? outDir, options.outDir ?? 'dist', progress('emit')));
        try {
          await incremental.stamp(rendered, { pages: countPages(routed.pages), output: outputCounts, ...figures, diagnostics: undated() }, written.sameFiles);
        } finally {
          // The previous output was removed meanwhile (emit-site.ts): nothing is left behind when the build ends.
          await written.retiredGone;
        }
      }
      run.lap('emit');
      if (session.shared) session.last = lastBuildOf({ loaded, site, routed, edge, bundles, keyInputs: plan.keyInputs, rendered, markdown: markdown.stats?.(), diagnostics: run.diagnostics });
      const output = staging ? new OutputOnDisk(outDir, rendered.output.keys()) : inMemory(rendered.output);
      return { ok: true, diagnostics: run.sorted(), pages: routed.pages, output, outputCounts, timings: run.timings, config, ...figures, markdown: markdown.stats?.(), rendered: { pages: routed.pages.length, reused: rendered.reused, ...(rendered.reusedGroups.length ? { groups: rendered.reusedGroups } : {}) }, search: rendered.search };
    });
  });
}
