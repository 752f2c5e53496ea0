/**
 * A small, lenient XML reader for the checks: elements with their namespace, attributes, direct text
 * and the character offset of each `<`, so a finding can point at the exact tag. It is not a
 * validator (xmllint is, for sitemaps): on broken markup it keeps what it could read and says so.
 */
import { decodeXmlEntities } from '../../format/escape-xml.js';

export { decodeXmlEntities };

export interface XmlAttribute {
  /** Qualified name as written (xhtml:lang, hreflang). */
  name: string;
  value: string;
  /** Offset of the attribute name. */
  offset: number;
}

export interface XmlElement {
  /** Qualified name as written. */
  name: string;
  local: string;
  /** Namespace URI, '' when none is in scope. */
  ns: string;
  attributes: XmlAttribute[];
  /** Offset of the `<` of the start tag. */
  offset: number;
  children: XmlElement[];
  /** Concatenated direct text (entities and CDATA decoded). */
  text: string;
}

export interface XmlDocument {
  root: XmlElement | undefined;
  /** Every element in document order. */
  elements: XmlElement[];
  /** false when tags did not nest or a construct was left open. */
  wellFormed: boolean;
}

const NAME = /[^\s/>=]+/y;
const ATTRIBUTE = /\s*([^\s/>=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
interface Open {
  element: XmlElement;
  namespaces: ReadonlyMap<string, string>;
}

const XML_NAMESPACES: ReadonlyMap<string, string> = new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]);

export function parseXml(text: string): XmlDocument {
  const elements: XmlElement[] = [];
  const stack: Open[] = [];
  let root: XmlElement | undefined;
  let wellFormed = true;
  let pos = 0;
  const addText = (raw: string, decode: boolean) => {
    const top = stack.at(-1);
    if (top) top.element.text += decode ? decodeXmlEntities(raw) : raw;
  };
  const skipTo = (marker: string, from: number): number => {
    const end = text.indexOf(marker, from);
    if (end === -1) {
      wellFormed = false;
      return text.length;
    }
    return end + marker.length;
  };

  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    if (lt === -1) {
      addText(text.slice(pos), true);
      break;
    }
    if (lt > pos) addText(text.slice(pos, lt), true);
    if (text.startsWith('<!--', lt)) {
      pos = skipTo('-->', lt + 4);
    } else if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt + 9);
      addText(text.slice(lt + 9, end === -1 ? text.length : end), false);
      if (end === -1) wellFormed = false;
      pos = end === -1 ? text.length : end + 3;
    } else if (text.startsWith('<?', lt)) {
      pos = skipTo('?>', lt + 2);
    } else if (text.startsWith('<!', lt)) {
      // DOCTYPE: an internal subset ends with "]>", otherwise the first ">".
      const bracket = text.indexOf('[', lt);
      const close = text.indexOf('>', lt);
      pos = bracket !== -1 && (close === -1 || bracket < close) ? skipTo(']>', bracket) : skipTo('>', lt);
    } else if (text[lt + 1] === '/') {
      NAME.lastIndex = lt + 2;
      const name = NAME.exec(text)?.[0] ?? '';
      pos = skipTo('>', lt + 2);
      const at = findOpen(stack, name);
      if (at === -1) {
        wellFormed = false;
      } else {
        if (at !== stack.length - 1) wellFormed = false;
        stack.length = at;
      }
    } else {
      NAME.lastIndex = lt + 1;
      const name = NAME.exec(text)?.[0];
      if (!name) {
        // A bare "<" in text.
        wellFormed = false;
        addText('<', false);
        pos = lt + 1;
        continue;
      }
      let at = lt + 1 + name.length;
      const attributes: XmlAttribute[] = [];
      for (;;) {
        ATTRIBUTE.lastIndex = at;
        const match = ATTRIBUTE.exec(text);
        if (!match) break;
        const value = match[2] ?? match[3] ?? '';
        attributes.push({ name: match[1]!, value: decodeXmlEntities(value), offset: match.index + match[0].indexOf(match[1]!) });
        at = ATTRIBUTE.lastIndex;
      }
      const close = text.indexOf('>', at);
      if (close === -1) {
        wellFormed = false;
        break;
      }
      if (text.slice(at, close).trim() !== '' && text.slice(at, close).trim() !== '/') wellFormed = false;
      const selfClosing = text[close - 1] === '/';
      pos = close + 1;

      const parent = stack.at(-1);
      let namespaces = parent?.namespaces ?? XML_NAMESPACES;
      for (const attribute of attributes) {
        if (attribute.name === 'xmlns' || attribute.name.startsWith('xmlns:')) {
          if (namespaces === (parent?.namespaces ?? XML_NAMESPACES)) namespaces = new Map(namespaces);
          (namespaces as Map<string, string>).set(attribute.name === 'xmlns' ? '' : attribute.name.slice(6), attribute.value);
        }
      }
      const colon = name.indexOf(':');
      const prefix = colon === -1 ? '' : name.slice(0, colon);
      const element: XmlElement = { name, local: colon === -1 ? name : name.slice(colon + 1), ns: namespaces.get(prefix) ?? '', attributes, offset: lt, children: [], text: '' };
      elements.push(element);
      if (parent) parent.element.children.push(element);
      else if (root) wellFormed = false;
      else root = element;
      if (!selfClosing) stack.push({ element, namespaces });
    }
  }
  if (stack.length > 0) wellFormed = false;
  return { root, elements, wellFormed };
}

function findOpen(stack: readonly Open[], name: string): number {
  for (let i = stack.length - 1; i >= 0; i--) if (stack[i]!.element.name === name) return i;
  return -1;
}

export function attributeOf(element: XmlElement, name: string): XmlAttribute | undefined {
  return element.attributes.find((a) => a.name === name);
}

export function childrenOf(element: XmlElement, ns: string, local: string): XmlElement[] {
  return element.children.filter((c) => c.ns === ns && c.local === local);
}

/** Offsets of line starts, for turning many offsets of one text into lines quickly. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line and column of an offset, by binary search over lineStarts(text). */
export function positionIn(starts: readonly number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - starts[low]! + 1 };
}
