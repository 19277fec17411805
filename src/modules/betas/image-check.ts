// What a design's image may be (docs/decisions.md, "Page design"): PNG, JPEG, WebP or SVG, told
// apart by their bytes, never by the type declared; and an SVG only without anything active or
// external, checked on its parsed tree: no script, foreignObject or other embedding element, no
// event handler attribute, no javascript:, no reference outside the file (href, xlink:href or
// url(…) but to a #fragment, @import, a stylesheet processing instruction), no DOCTYPE.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export const ImageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
export type ImageType = (typeof ImageTypes)[number];

const TYPE_NAMES: Record<ImageType, string> = { 'image/png': 'a PNG', 'image/jpeg': 'a JPEG', 'image/webp': 'a WebP', 'image/svg+xml': 'an SVG' };
export const typeName = (type: ImageType) => TYPE_NAMES[type];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** The image type the bytes are, or undefined when they are none of ImageTypes. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  const text = utf8(bytes);
  // An SVG file: optional BOM, XML declaration, comments and whitespace, then the svg element.
  if (text !== undefined && /^\uFEFF?\s*(<\?[^>]*\?>\s*|<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>\s*)?<svg[\s>]/i.test(text)) return 'image/svg+xml';
  return undefined;
}

function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  allowBooleanAttributes: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
  commentPropName: '#comment',
  ignorePiTags: false,
});

/** Elements that run code, embed other documents or reach outside: never in an accepted SVG. */
const ACTIVE_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener', 'audio', 'video', 'discard']);
const ATTRIBUTES = ':@';

type XmlNode = Record<string, unknown>;

/** Character references decoded, so `&#106;avascript:` reads as what a browser would read. */
function decoded(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16) % 0x110000))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec) % 0x110000))
    .replace(/&(lt|gt|quot|apos|amp);/g, (_m, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);
}

/** What in a piece of CSS or an attribute's value reaches outside the file or runs code; undefined when nothing. */
function activeText(raw: string): string | undefined {
  const text = decoded(raw);
  // Browsers drop whitespace and control characters inside a URL's scheme: "java\tscript:" runs.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is removed
  const squeezed = text.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
  if (squeezed.includes('javascript:')) return 'a javascript: URL';
  if (/@import/i.test(text)) return 'an @import';
  for (const match of text.matchAll(/url\s*\(\s*(['"]?)\s*([^'")]*)/gi)) {
    if (!match[2].startsWith('#')) return `an external reference url(${match[2]})`;
  }
  return undefined;
}

const localName = (name: string) => (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name).toLowerCase();

/** Why the SVG is refused, or undefined when it is safe to serve. */
export function svgProblem(bytes: Uint8Array): string | undefined {
  const text = utf8(bytes);
  if (text === undefined) return 'the SVG is not UTF-8 text';
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return 'the SVG declares a DOCTYPE';
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: true });
  if (valid !== true) return `the SVG is not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`;
  const walk = (nodes: XmlNode[]): string | undefined => {
    for (const node of nodes) {
      for (const [key, value] of Object.entries(node)) {
        if (key === ATTRIBUTES) continue;
        if (key === '#comment') continue;
        if (key === '#text') {
          const problem = activeText(String(value));
          if (problem) return `it contains ${problem}`;
          continue;
        }
        if (key === '#cdata') {
          const problem = walk(value as XmlNode[]);
          if (problem) return problem;
          continue;
        }
        if (key.startsWith('?')) {
          if (key !== '?xml') return `it contains the processing instruction <${key}>`;
          continue;
        }
        const element = localName(key);
        if (ACTIVE_ELEMENTS.has(element)) return `it contains a <${key}> element`;
        const attributes = (node[ATTRIBUTES] ?? {}) as Record<string, unknown>;
        for (const [name, attributeValue] of Object.entries(attributes)) {
          const attribute = localName(name);
          const valueText = typeof attributeValue === 'string' ? attributeValue : '';
          if (attribute.startsWith('on')) return `the <${key}> element has an event handler (${name})`;
          if ((attribute === 'href' || attribute === 'src') && !decoded(valueText).trim().startsWith('#')) {
            return `the <${key}> element has an external reference (${name}="${valueText.slice(0, 100)}")`;
          }
          // <set attributeName="href" to="…">: an animation that makes a link of its own.
          if (attribute === 'attributename' && localName(valueText.trim()) === 'href') return `the <${key}> element animates a link`;
          const problem = activeText(valueText);
          if (problem) return `the <${key}> element's ${name} has ${problem}`;
        }
        const problem = walk(value as XmlNode[]);
        if (problem) return problem;
      }
    }
    return undefined;
  };
  return walk(parser.parse(text) as XmlNode[]);
}
