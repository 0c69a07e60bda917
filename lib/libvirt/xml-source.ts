// Where each element of an XML document sits in its source text, and edits spliced into that text. Patching a
// document this way leaves every byte outside the edited elements as it was: entities, quoting, comments, CDATA,
// foreign namespaces and whitespace in text, which a parse and re-serialisation would normalise or drop. Reading
// values stays with the parser in xml.ts; this module only finds ranges (and the attributes of a start tag).
import { escapeXml, unescapeXml } from "../records";

/** An element's position in the source: [start, end) is the whole element, [contentStart, contentEnd) its content. */
export interface SourceElement {
  /** The qualified name, prefix included ("qemu:commandline"). */
  readonly name: string;
  readonly start: number;
  readonly end: number;
  /** After the start tag's ">" (equals `end` for an empty-element tag). */
  readonly contentStart: number;
  /** At the end tag's "</" (equals `end` for an empty-element tag). */
  readonly contentEnd: number;
  readonly children: readonly SourceElement[];
}

/** One attribute of a start tag: its raw (still escaped) value and where the value sits. */
export interface SourceAttribute {
  readonly name: string;
  readonly raw: string;
  /** The whole attribute, from the whitespace before its name to the closing quote. */
  readonly start: number;
  readonly end: number;
  readonly valueStart: number;
  readonly valueEnd: number;
  readonly quote: string;
}

/** A replacement of [start, end) by `text` (start === end inserts). */
export interface SourceEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Finds the root element of `xml` and its descendants; throws on markup it cannot follow (unbalanced tags). */
export function scanXml(xml: string, what: string): SourceElement {
  const fail = (why: string, at: number): never => {
    throw new Error(`${what}: not well-formed XML: ${why} at offset ${at}`);
  };
  const skipTo = (from: number, terminator: string): number => {
    const at = xml.indexOf(terminator, from);
    if (at < 0) fail(`unterminated ${xml.slice(from, from + 9)}`, from);
    return at + terminator.length;
  };
  type Open = { name: string; start: number; contentStart: number; children: SourceElement[] };
  const stack: Open[] = [];
  let root: SourceElement | undefined;
  let i = xml.indexOf("<");
  while (i >= 0 && i < xml.length) {
    if (xml.startsWith("<!--", i)) i = skipTo(i + 4, "-->");
    else if (xml.startsWith("<![CDATA[", i)) i = skipTo(i + 9, "]]>");
    else if (xml.startsWith("<?", i)) i = skipTo(i + 2, "?>");
    else if (xml.startsWith("<!", i)) i = skipTo(i + 2, ">");
    else if (xml.startsWith("</", i)) {
      const close = skipTo(i + 2, ">");
      const name = xml.slice(i + 2, close - 1).trim();
      const open = stack.pop();
      if (!open || open.name !== name) fail(`unexpected </${name}>`, i);
      const element: SourceElement = {
        name,
        start: open!.start,
        end: close,
        contentStart: open!.contentStart,
        contentEnd: i,
        children: open!.children,
      };
      if (stack.length > 0) stack[stack.length - 1].children.push(element);
      else root = element;
      i = close;
    } else {
      const tagEnd = startTagEnd(xml, i);
      if (tagEnd < 0) fail("unterminated start tag", i);
      const name = /^<([^\s/>]+)/.exec(xml.slice(i, tagEnd))?.[1] ?? fail("start tag without a name", i);
      if (xml[tagEnd - 2] === "/") {
        const element: SourceElement = {
          name,
          start: i,
          end: tagEnd,
          contentStart: tagEnd,
          contentEnd: tagEnd,
          children: [],
        };
        if (stack.length > 0) stack[stack.length - 1].children.push(element);
        else root = element;
      } else {
        stack.push({ name, start: i, contentStart: tagEnd, children: [] });
      }
      i = tagEnd;
    }
    if (root) break;
    i = xml.indexOf("<", i);
  }
  if (!root)
    return fail(stack.length > 0 ? `<${stack[stack.length - 1].name}> is not closed` : "no element", xml.length);
  return root;
}

/** The offset just after the ">" of the start tag at `start` (quotes respected), or -1. */
function startTagEnd(xml: string, start: number): number {
  let quote = "";
  for (let i = start + 1; i < xml.length; i++) {
    const c = xml[i];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ">") return i + 1;
  }
  return -1;
}

/** The attributes of `element`'s start tag, in source order. */
export function sourceAttributes(xml: string, element: SourceElement): SourceAttribute[] {
  const tagEnd =
    element.contentStart === element.end && xml[element.end - 2] === "/" ? element.end - 2 : element.contentStart - 1;
  const tag = xml.slice(element.start, tagEnd);
  const pattern = /(\s+)([^\s=]+)\s*=\s*(["'])([\s\S]*?)\3/g;
  const out: SourceAttribute[] = [];
  for (let m = pattern.exec(tag); m; m = pattern.exec(tag)) {
    const start = element.start + m.index;
    const end = start + m[0].length;
    out.push({ name: m[2], raw: m[4], start, end, valueStart: end - 1 - m[4].length, valueEnd: end - 1, quote: m[3] });
  }
  return out;
}

/** Edits that set attribute `name` of `element` to `value` (escaped), or remove it when `value` is undefined. */
export function setAttributeEdit(
  xml: string,
  element: SourceElement,
  name: string,
  value: string | undefined,
): SourceEdit[] {
  const attrs = sourceAttributes(xml, element);
  const existing = attrs.find((a) => a.name === name);
  if (value === undefined) return existing ? [{ start: existing.start, end: existing.end, text: "" }] : [];
  if (existing) {
    const text = escapeXml(value);
    return unescapeXml(existing.raw) === value ? [] : [{ start: existing.valueStart, end: existing.valueEnd, text }];
  }
  const at = attrs.length > 0 ? attrs[attrs.length - 1].end : element.start + 1 + element.name.length;
  const quote = attrs[0]?.quote ?? "'";
  return [{ start: at, end: at, text: ` ${name}=${quote}${escapeXml(value)}${quote}` }];
}

/** The indentation of the line `offset` is on (the spaces and tabs before it, if only those precede it). */
export function indentAt(xml: string, offset: number): string {
  const lineStart = xml.lastIndexOf("\n", offset - 1) + 1;
  const before = xml.slice(lineStart, offset);
  return /^[ \t]*$/.test(before) ? before : "";
}

/** An edit that removes `element` together with the line break and indentation in front of it. */
export function removeEdit(xml: string, element: SourceElement): SourceEdit {
  let start = element.start;
  while (start > 0 && (xml[start - 1] === " " || xml[start - 1] === "\t")) start--;
  if (start > 0 && xml[start - 1] === "\n") start--;
  return { start, end: element.end, text: "" };
}

/** Applies non-overlapping edits (inserts at the start of a removed range are allowed). */
export function applyEdits(xml: string, edits: readonly SourceEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = xml;
  let limit = xml.length;
  for (const edit of sorted) {
    if (edit.end > limit || edit.start > edit.end)
      throw new Error(`overlapping XML edits at offsets ${edit.start}-${edit.end}`);
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    limit = edit.start;
  }
  return out;
}
