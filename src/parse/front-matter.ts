import matter from 'gray-matter';
import { codeFrame } from '../errors/code-frame.js';
import { diagnostic, type Diagnostic } from '../errors/site-error.js';
import { parseYaml, type PositionedYaml } from '../errors/yaml-document.js';

export interface SplitFrontMatter {
  frontMatter?: PositionedYaml;
  body: string;
  /** Lines before the body, so Markdown positions map back to the file. */
  bodyLineOffset: number;
  diagnostics: Diagnostic[];
}

/**
 * How the parse stage splits a Markdown file: splitFrontMatter, or the front-matter cache in front of
 * it (src/incremental/front-matter-cache.ts), which knows a file by `digest` when the caller has one
 * (the digest of its bytes, model/sources.ts) and by a digest of its text otherwise.
 */
export type FrontMatterSplitter = (source: string, file: string, digest?: string) => SplitFrontMatter;

const refuse = (language: string) => () => {
  throw new FrontMatterLanguageError(language);
};

class FrontMatterLanguageError extends Error {
  constructor(readonly language: string) {
    super(`front matter language "${language}"`);
  }
}

/**
 * Split front matter from the body with gray-matter, with every engine but YAML replaced by one that
 * refuses: gray-matter would otherwise eval `---js` front matter, and content must never run code.
 * The YAML itself is parsed by parseYaml so every field keeps its line and column.
 */
export function splitFrontMatter(source: string, file: string): SplitFrontMatter {
  if (!/^---[^\n]*\r?\n/.test(source)) {
    return { body: source, bodyLineOffset: 0, diagnostics: [diagnostic('FRONT_MATTER_MISSING', 'the file does not start with a front matter block', { file, position: { line: 1, column: 1 }, frame: codeFrame(source, { line: 1, column: 1 }) })] };
  }
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(source, {
      language: 'yaml',
      engines: {
        yaml: { parse: () => ({}), stringify: () => '' },
        js: refuse('js'), javascript: refuse('javascript'), coffee: refuse('coffee'), coffeescript: refuse('coffeescript'),
        json: refuse('json'), toml: refuse('toml'),
      } as never,
    });
  } catch (error) {
    const language = error instanceof FrontMatterLanguageError ? error.language : (/^---([^\r\n]*)/.exec(source)?.[1] ?? '').trim();
    const position = { line: 1, column: 4 };
    return { body: '', bodyLineOffset: 0, diagnostics: [diagnostic('FRONT_MATTER_ENGINE', `front matter in "${language}" is not allowed`, { file, position, frame: codeFrame(source, position) })] };
  }
  const bodyStart = source.length - parsed.content.length;
  const bodyLineOffset = countLines(source.slice(0, bodyStart));
  const yamlText = parsed.matter.replace(/^\r?\n/, '');
  const yaml = parseYaml(yamlText, file, source, 1);
  return { frontMatter: yaml.yaml, body: parsed.content, bodyLineOffset, diagnostics: yaml.diagnostics };
}

function countLines(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}
