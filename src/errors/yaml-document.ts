import { isMap, isSeq, isScalar, LineCounter, parseDocument, type Node as YamlNode, type Document } from 'yaml';
import { codeFrame } from '../errors/code-frame.js';
import { diagnostic, type Diagnostic, type SourcePosition } from '../errors/site-error.js';

export type YamlPath = readonly (string | number)[];

/** A parsed YAML document that remembers where each value came from. */
export interface PositionedYaml {
  value: unknown;
  /** Position of the value at `path` (or of its nearest ancestor that exists), 1-based. */
  positionOf(path: YamlPath): SourcePosition;
  /** Position of the key of the value at `path`, for "unknown key" style reports. */
  keyPositionOf(path: YamlPath): SourcePosition;
}

export interface ParsedYaml {
  yaml?: PositionedYaml;
  diagnostics: Diagnostic[];
}

/**
 * Parse YAML with the `yaml` package (YAML 1.2 core schema: dates stay strings, no custom tags, so
 * nothing in a data file can construct objects or run code). `lineOffset` shifts positions for YAML
 * embedded in a larger file (front matter starts on line 2 of a Markdown file).
 */
export function parseYaml(text: string, file: string, fullSource = text, lineOffset = 0): ParsedYaml {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, schema: 'core', customTags: [] });
  const toPosition = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + lineOffset, column: col };
  };
  if (doc.errors.length > 0) {
    return {
      diagnostics: doc.errors.map((error) => {
        const position = toPosition(error.pos[0]);
        return diagnostic('YAML_SYNTAX', firstLine(error.message), { file, position, frame: codeFrame(fullSource, position) });
      }),
    };
  }
  const startOf = (path: YamlPath, key: boolean): SourcePosition => {
    const node = nearestNode(doc, path, key);
    const offset = node?.range?.[0] ?? 0;
    return toPosition(offset);
  };
  return {
    yaml: {
      value: doc.toJS({ maxAliasCount: 100 }),
      positionOf: (path) => startOf(path, false),
      keyPositionOf: (path) => startOf(path, true),
    },
    diagnostics: [],
  };
}

function nearestNode(doc: Document, path: YamlPath, wantKey: boolean): YamlNode | undefined {
  let node: unknown = doc.contents;
  let found = node as YamlNode | undefined;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    if (isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === segment);
      if (!pair) break;
      if (wantKey && i === path.length - 1 && isScalar(pair.key)) return pair.key;
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      node = node.items[segment];
    } else break;
    if (node && typeof node === 'object' && 'range' in node) found = node as YamlNode;
    else break;
  }
  return found;
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
