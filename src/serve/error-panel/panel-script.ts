import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { escapeXml } from '../../format/escape-xml.js';
import { sitegenRoot } from '../../fs/sitegen-root.js';

/** Where the page side of sitegen dev finds the server: its event stream, the open-in-editor endpoint and this session's token for it. */
export interface PanelConfig {
  events: string;
  open: string;
  token: string;
}

let compiled: Promise<string> | undefined;

/** panel-client.ts as one browser script (compiled once per process). */
function panelCode(): Promise<string> {
  compiled ??= esbuild.build({
    entryPoints: [join(sitegenRoot(), 'src/serve/error-panel/panel-client.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify: true,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return compiled;
}

/**
 * The <script> sitegen dev adds to every HTML answer: the panel's code, with its configuration in a
 * data attribute (the code reads it from document.currentScript).
 */
export async function panelScriptTag(config: PanelConfig): Promise<string> {
  // "</script" in the code would end the element early: written as "<\/script", the same string to JavaScript.
  const code = (await panelCode()).replace(/<\/(script)/gi, '<\\/$1');
  return `<script data-sitegen-dev="${escapeXml(JSON.stringify(config))}">${code}</script>`;
}
