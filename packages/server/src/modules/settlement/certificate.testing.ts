import { inflateSync } from 'node:zlib';

/** One object of a PDF: its dictionary text and its stream (inflated when it was compressed). */
interface PdfObject {
  dict: string;
  stream: Buffer | undefined;
}

const objectsOf = (pdf: Buffer): Map<number, PdfObject> => {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2] ?? '';
    const at = body.indexOf('stream\n');
    const dict = at < 0 ? body : body.slice(0, at);
    let stream: Buffer | undefined;
    if (at >= 0) {
      const raw = Buffer.from(body.slice(at + 'stream\n'.length, body.lastIndexOf('\nendstream')), 'latin1');
      stream = dict.includes('/FlateDecode') ? inflateSync(raw) : raw;
    }
    objects.set(Number(match[1]), { dict, stream });
  }
  return objects;
};

const hexUnits = (hex: string) => {
  const digits = hex.replace(/\s+/g, '');
  const units: number[] = [];
  for (let i = 0; i + 4 <= digits.length; i += 4) units.push(Number.parseInt(digits.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
};

/** A ToUnicode map (pdfkit writes bfrange lines with an array of targets). */
const cmapOf = (cmap: string): Map<number, string> => {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
    const start = Number.parseInt(range[1] ?? '0', 16);
    [...(range[3] ?? '').matchAll(/<([^>]*)>/g)].forEach((target, i) => {
      map.set(start + i, hexUnits(target[1] ?? ''));
    });
  }
  return map;
};

/**
 * The text a PDF reader extracts from a pdfkit document with embedded fonts: every text-showing operator's glyphs
 * mapped back through its font's ToUnicode map, in drawing order, one line per text object. For tests.
 */
export function pdfText(pdf: Buffer): { text: string; fonts: string[] } {
  const objects = objectsOf(pdf);
  const maps = new Map<string, Map<number, string>>();
  const fonts: string[] = [];
  for (const object of objects.values())
    for (const entry of object.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(entry[2]));
      const unicode = font?.dict.match(/\/ToUnicode (\d+) 0 R/);
      const cmap = unicode === null || unicode === undefined ? undefined : objects.get(Number(unicode[1]));
      if (cmap?.stream !== undefined) maps.set(entry[1] ?? '', cmapOf(cmap.stream.toString('latin1')));
      const base = font?.dict.match(/\/BaseFont \/(\S+)/)?.[1];
      if (base !== undefined && !fonts.includes(base)) fonts.push(base);
    }
  const lines: string[] = [];
  for (const object of objects.values()) {
    const content = object.stream?.toString('latin1') ?? '';
    if (!/\bBT\b/.test(content)) continue;
    let map: Map<number, string> | undefined;
    let line = '';
    for (const token of content.matchAll(/\/(F\d+) [\d.]+ Tf|<([0-9a-f\s]*)>|\bET\b/gi)) {
      if (token[1] !== undefined) map = maps.get(token[1]);
      else if (token[2] !== undefined) {
        const digits = token[2].replace(/\s+/g, '');
        for (let i = 0; i + 4 <= digits.length; i += 4)
          line += map?.get(Number.parseInt(digits.slice(i, i + 4), 16)) ?? '';
      } else {
        lines.push(line);
        line = '';
      }
    }
  }
  return { text: lines.join('\n'), fonts };
}
