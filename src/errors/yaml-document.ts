import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode, type Document } from 'yaml';
import { codeFrame } from '../errors/code-frame.js';
import { diagnostic, type Diagnostic, type SourcePosition } from '../errors/site-error.js';

export type YamlPath = readonly (string | number)[];

/** A parsed YAML document that remembers where each value came from. */
export interface PositionedYaml {
  value: unknown;
  /** Where the document begins (the opening `---` of front matter): a missing field is reported there. */
  start: SourcePosition;
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
  const at = (offset: number) => {
    const position = toPosition(offset);
    return { file, position, frame: codeFrame(fullSource, position) };
  };
  // The parser's own stack ran out (nesting thousands deep): one error, whatever followed from it.
  // How many levels report it depends on how much stack each took (JIT state, the caller's depth).
  const exhausted = doc.errors.find((error) => error.code === 'RESOURCE_EXHAUSTION');
  if (exhausted) return { diagnostics: [diagnostic('YAML_LIMIT', TOO_DEEP, at(exhausted.pos[0]))] };
  if (doc.errors.length > 0) {
    return { diagnostics: doc.errors.map((error) => diagnostic('YAML_SYNTAX', firstLine(error.message), at(error.pos[0]))) };
  }
  const tooDeep = firstTooDeep(doc);
  if (tooDeep) return { diagnostics: [diagnostic('YAML_LIMIT', TOO_DEEP, at(tooDeep.range?.[0] ?? 0))] };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    // yaml throws a ReferenceError when aliases expand beyond maxAliasCount (its only throw here).
    if (!(error instanceof ReferenceError)) throw error;
    return { diagnostics: [diagnostic('YAML_LIMIT', 'the aliases (*name) of this YAML expand to too much data: a YAML "billion laughs" would exhaust memory', at(firstAlias(doc)?.range?.[0] ?? 0))] };
  }
  const startOf = (path: YamlPath, key: boolean): SourcePosition => {
    const node = nearestNode(doc, path, key);
    const offset = node?.range?.[0] ?? 0;
    return toPosition(offset);
  };
  return {
    yaml: {
      value,
      start: { line: Math.max(1, lineOffset), column: 1 },
      positionOf: (path) => startOf(path, false),
      keyPositionOf: (path) => startOf(path, true),
    },
    diagnostics: [],
  };
}

/**
 * How deep values may nest. Front matter and data tables need three or four levels; the limit keeps
 * every recursive walk of a value after parsing (toJS, the schemas, the caches' JSON) far from the
 * end of the stack, whatever a file holds.
 */
export const MAX_DEPTH = 32;

/** yaml's guard against alias expansion ("billion laughs"): aliases may stand for this many nodes in all. */
const MAX_ALIAS_COUNT = 100;

const TOO_DEEP = `values nested more than ${MAX_DEPTH} levels deep: front matter and data tables need a few`;

type Walked = { node: unknown; depth: number };

/** The first node, in document order, nested deeper than MAX_DEPTH (walked without recursion). */
function firstTooDeep(doc: Document): YamlNode | undefined {
  const stack: Walked[] = [{ node: doc.contents, depth: 1 }];
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (!isMap(node) && !isSeq(node)) continue;
    if (depth > MAX_DEPTH) return node as YamlNode;
    for (const child of childrenOf(node).reverse()) stack.push({ node: child, depth: depth + 1 });
  }
  return undefined;
}

/** The first alias node in document order (the depth limit above keeps this walk short). */
function firstAlias(doc: Document): YamlNode | undefined {
  const stack: unknown[] = [doc.contents];
  while (stack.length) {
    const node = stack.pop();
    if (isAlias(node)) return node as YamlNode;
    stack.push(...childrenOf(node).reverse());
  }
  return undefined;
}

/** The keys and values of a map, the items of a sequence, in document order; nothing for a scalar. */
function childrenOf(node: unknown): unknown[] {
  if (!isMap(node) && !isSeq(node)) return [];
  return (node.items as unknown[]).flatMap((item) => (isPair(item) ? [item.key, item.value] : [item]));
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
