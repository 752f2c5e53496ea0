import type { z } from 'zod';
import type { DiagnosticCode } from '../errors/catalogue.js';
import { codeFrame } from '../errors/code-frame.js';
import { diagnostic, type Diagnostic, type SourcePosition } from '../errors/site-error.js';
import { didYouMean } from './did-you-mean.js';
import type { PositionedYaml, YamlPath } from './yaml-document.js';

/** The codes a schema's problems are reported under: one code for all, or one for each kind. */
export type SchemaCodes = DiagnosticCode | { invalid: DiagnosticCode; missing: DiagnosticCode; unknown: DiagnosticCode };

/** The YAML a schema checked: its file, its text (for the code frame: read when a problem is found) and its positions. */
export interface CheckedYaml {
  file: string;
  source: string | (() => string);
  yaml: PositionedYaml;
}

/**
 * Zod's issues in the writer's terms, each on the YAML node it is about, with the key path spelt out
 * (`plans[2].prices.USD`): a missing field at the place it belongs (the start of the front matter,
 * or its parent's key), an unknown field at its key with the closest known field, a wrong type or
 * value in words ("expected a list, not text"). The schema is passed for the names of the fields it
 * knows. Messages written in the schemas ("must be a site path starting with /") are kept as they are.
 */
export function zodIssuesToDiagnostics(codes: SchemaCodes, issues: readonly z.core.$ZodIssue[], checked: CheckedYaml, schema: z.ZodType): Diagnostic[] {
  const code = typeof codes === 'string' ? { invalid: codes, missing: codes, unknown: codes } : codes;
  const { file, yaml } = checked;
  let text: string | undefined;
  const source = () => (text ??= typeof checked.source === 'string' ? checked.source : checked.source());
  const at = (position: SourcePosition) => ({ file, position, frame: codeFrame(source(), position) });
  const all = issues.flatMap((issue) => {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      const known = fieldNames(schema, path);
      return issue.keys.map((key) => diagnostic(code.unknown, `unknown field "${formatPath([...path, key])}"${didYouMean(key, known)}`, at(yaml.keyPositionOf([...path, key]))));
    }
    const value = valueAt(yaml.value, path);
    if (issue.code === 'invalid_type' && value.missing) {
      const parent = path.slice(0, -1);
      const position = parent.length === 0 ? yaml.start : typeof parent.at(-1) === 'number' ? yaml.positionOf(parent) : yaml.keyPositionOf(parent);
      return [diagnostic(code.missing, `missing required field "${formatPath(path)}"`, at(position))];
    }
    const where = formatPath(path);
    return [diagnostic(code.invalid, `${where ? `"${where}": ` : ''}${describeIssue(issue, value.value)}`, at(yaml.positionOf(path)))];
  });
  // Two checks of one field can fail alike (a union's options): the writer reads it once.
  const seen = new Set<string>();
  return all.filter((d) => {
    const key = `${d.position?.line}:${d.position?.column} ${d.message}`;
    return !seen.has(key) && seen.add(key);
  });
}

/** Zod's own messages start so; a schema's own message ("must be …") is the writer's already. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized|Expected)\b/;

function describeIssue(issue: z.core.$ZodIssue, value: unknown): string {
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = KIND_NAMES[issue.expected] ?? issue.expected;
      return value === null ? `expected ${expected}, but the field is empty` : `expected ${expected}, not ${kindOf(value)}`;
    }
    case 'invalid_value': {
      const allowed = issue.values.map(String);
      const written = typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
      return `${written === undefined ? 'unknown value' : `unknown value "${written}"`}${written === undefined ? '' : didYouMean(written, allowed)} (one of: ${allowed.join(', ')})`;
    }
    case 'too_small':
    case 'too_big':
      return sizeLimit(issue);
    case 'invalid_union':
      return 'does not match any of the forms this field takes';
    default:
      return issue.message;
  }
}

function sizeLimit(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig): string {
  const small = issue.code === 'too_small';
  const limit = Number(small ? issue.minimum : issue.maximum);
  const [inclusive, exclusive] = small ? ['at least', 'more than'] : ['at most', issue.origin === 'number' ? 'less than' : 'fewer than'];
  const bound = issue.inclusive === false ? exclusive : inclusive;
  if (issue.origin === 'string') return small && limit === 1 ? 'must not be empty' : `must be ${bound} ${limit} characters long`;
  if (issue.origin === 'array' || issue.origin === 'set') return small && limit === 1 ? 'must list at least one item' : `must list ${bound} ${limit} items`;
  return `must be ${bound} ${limit}`;
}

const KIND_NAMES: Partial<Record<string, string>> = {
  string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', array: 'a list', object: 'a group of fields', record: 'a group of fields',
};

function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `text ("${value.length > 40 ? `${value.slice(0, 40)}…` : value}")`;
  if (typeof value === 'number') return `a number (${value})`;
  if (typeof value === 'boolean') return `${value}`;
  return 'a group of fields';
}

/** The value at a path, and whether the last key is absent from an object that exists. */
function valueAt(root: unknown, path: YamlPath): { value: unknown; missing: boolean } {
  let node = root;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    if (node === null || typeof node !== 'object') return { value: undefined, missing: false };
    if (!Object.hasOwn(node, key)) return { value: undefined, missing: i === path.length - 1 && !Array.isArray(node) };
    node = (node as Record<string | number, unknown>)[key];
  }
  return { value: node, missing: false };
}

/** The field names a schema knows at a path (through lists, optional and default values, unions). */
export function fieldNames(schema: z.ZodType, path: YamlPath): string[] {
  let level: z.core.$ZodType[] = [schema];
  for (const key of path) level = level.flatMap((s) => inner(s)).flatMap((s) => childOf(s, key));
  return [...new Set(level.flatMap((s) => inner(s)).flatMap((s) => {
    const def = s._zod.def;
    return def.type === 'object' ? Object.keys((def as z.core.$ZodObjectDef).shape) : [];
  }))];
}

/** The schemas a wrapper stands for: itself, or what it wraps (optional, default, a pipe's output, a union's options). */
function inner(schema: z.core.$ZodType): z.core.$ZodType[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & { innerType?: z.core.$ZodType; out?: z.core.$ZodType; options?: z.core.$ZodType[] };
  if (def.innerType) return inner(def.innerType);
  if (def.type === 'pipe' && def.out) return inner(def.out);
  if (def.type === 'union' && def.options) return def.options.flatMap(inner);
  return [schema];
}

function childOf(schema: z.core.$ZodType, key: string | number): z.core.$ZodType[] {
  const def = schema._zod.def;
  if (def.type === 'object') {
    const field = (def as z.core.$ZodObjectDef).shape[key];
    return field ? [field] : [];
  }
  if (def.type === 'array' && typeof key === 'number') return [(def as z.core.$ZodArrayDef).element];
  if (def.type === 'record') return [(def as z.core.$ZodRecordDef).valueType];
  return [];
}

export function formatPath(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}
