import { inflateSync } from 'node:zlib';

/**
 * The text of each page, read back from the PDF's own structure: its streams (inflated), the
 * Unicode maps of its embedded fonts, and the text operators of each page's content. Enough
 * for what pdfkit writes, which spares the tests a PDF parser.
 */
export function pagesText(bytes: Buffer): string[] {
  const raw = bytes.toString('latin1');
  const objects = new Map<string, { dict: string; data?: string }>();
  for (const match of raw.matchAll(/(\d+) 0 obj/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endobj', start);
    const stream = raw.indexOf('stream\n', start);
    if (stream === -1 || stream > end) {
      objects.set(match[1]!, { dict: raw.slice(start, end) });
      continue;
    }
    const dict = raw.slice(start, stream);
    const length = Number(/\/Length (\d+)/.exec(dict)![1]);
    const body = bytes.subarray(stream + 7, stream + 7 + length);
    const data = (dict.includes('/FlateDecode') ? inflateSync(body) : body).toString('latin1');
    objects.set(match[1]!, { dict, data });
  }
  const ref = (dict: string, key: string) => new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1];

  const cmaps = new Map<string, Map<string, string>>();
  for (const { dict } of objects.values()) {
    for (const [, name, id] of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const cmap = new Map<string, string>();
      const unicode = objects.get(ref(objects.get(id!)?.dict ?? '', 'ToUnicode') ?? '')?.data ?? '';
      for (const [, from, list] of unicode.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/gi)) {
        [...list!.matchAll(/<([0-9a-f]+)>/gi)].forEach(([, hex], i) => {
          const code = (Number.parseInt(from!, 16) + i).toString(16).padStart(4, '0');
          cmap.set(code, String.fromCodePoint(Number.parseInt(hex!, 16)));
        });
      }
      cmaps.set(name!, cmap);
    }
  }
  const pages = /\/Type \/Pages[\s\S]*?\/Kids \[([^\]]*)\]/.exec(raw)![1]!.match(/\d+(?= 0 R)/g)!;
  return pages.map((page) => {
    const content = objects.get(ref(objects.get(page)!.dict, 'Contents')!)!.data!;
    let font = new Map<string, string>();
    const lines: string[] = [];
    for (const [, name, shown] of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (name) font = cmaps.get(name) ?? new Map();
      else {
        const hex = [...shown!.matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1]).join('');
        lines.push(hex.replace(/[0-9a-f]{4}/gi, (code) => font.get(code.toLowerCase()) ?? '?'));
      }
    }
    return lines.join('\n');
  });
}
