import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { TemplateModule } from '../model/page-props.js';
import { sitegenRoot } from '../fs/sitegen-root.js';

export interface CompiledTemplates extends TemplateModule {
  spriteSvg(): string;
  /** Hash of the compiled code: part of the build id. */
  codeHash: string;
}

const loaded = new Map<string, CompiledTemplates>();

/** The comment esbuild writes above each bundled module (ordinary comments are not kept). */
const MODULE_PATH_COMMENT = /^\/\/ \S+$/gm;

/**
 * Compile templates/ (TSX) for Node with esbuild and import the result, without writing a file: the
 * module is imported from a data: URL. Packages stay external so the templates and
 * react-dom/server share one React; as a data: URL has no folder to resolve "react" from, each
 * package import is linked to the file Node would load from the project's node_modules (a project
 * without node_modules uses sitegen's own). The code hash, and so the build id, is taken before
 * that linking: it does not depend on where anything is installed. An unchanged tree is imported
 * once per process.
 */
export async function compileTemplates(projectRoot: string): Promise<CompiledTemplates> {
  const modulesDir = existsSync(join(projectRoot, 'node_modules')) ? join(projectRoot, 'node_modules') : join(sitegenRoot(), 'node_modules');
  const linked = new Map<string, string>();
  const resolved = new Map<string, Promise<esbuild.OnResolveResult | undefined>>();
  const linkPackages: esbuild.Plugin = {
    name: 'sitegen-link-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.pluginData === LINKING || args.path.startsWith('node:')) return undefined;
        // Every template imports react: each package is resolved once.
        let result = resolved.get(args.path);
        if (!result) resolved.set(args.path, (result = link(args.path, args.kind)));
        return result;
      });
      const link = async (path: string, kind: esbuild.ImportKind): Promise<esbuild.OnResolveResult | undefined> => {
        // Resolved as an import from inside node_modules/.cache/sitegen, where the module used to be written.
        const found = await build.resolve(path, { kind, resolveDir: join(modulesDir, '.cache/sitegen'), pluginData: LINKING });
        if (found.errors.length || !found.path) return undefined;
        if (!isAbsolute(found.path)) return { path, external: true };
        const url = pathToFileURL(found.path).href;
        linked.set(url, path);
        return { path: url, external: true };
      };
    },
  };
  const result = await esbuild.build({
    entryPoints: [join(projectRoot, 'templates/index.tsx')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    plugins: [linkPackages],
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
  });
  const code = result.outputFiles[0]!.text;
  // The code as it was compiled before packages were linked: without the installation's paths, and
  // without esbuild's "// path" comment above each module (relative to the working directory), so
  // the hash stays the same when a file moves or the project sits elsewhere.
  let portable = code.replace(MODULE_PATH_COMMENT, '');
  for (const [url, specifier] of linked) portable = portable.replaceAll(JSON.stringify(url), JSON.stringify(specifier));
  const hash = createHash('sha256').update(portable).digest('hex').slice(0, 16);
  const cached = loaded.get(hash);
  if (cached) return cached;
  const exports = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Omit<CompiledTemplates, 'codeHash'>;
  const module = { ...exports, codeHash: hash };
  loaded.set(hash, module);
  return module;
}

/** Marks the plugin's own resolve calls, which must not come back to it. */
const LINKING = Symbol('linking');
