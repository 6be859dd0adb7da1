import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { badRequest } from '../../../platform/http/errors';

/** How a text file is encoded, as found from its first bytes. */
export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'windows1252';

export type Sniffed =
  | { kind: 'zip' }
  | { kind: 'text'; encoding: TextEncoding /** bytes of byte-order mark to skip */; skip: number; sample: string };

/** What is read of a file to tell what it is: enough for a few dozen rows of any width. */
export const SAMPLE_BYTES = 64 * 1024;

const notATable = () =>
  badRequest('This file is neither a CSV nor an Excel workbook (.xlsx): save it as one of those and try again.', {
    file: 'Upload a CSV or an XLSX file.',
  });

/** Cuts a UTF-8 sample at its last whole character, so a sequence split by the sample's end is not a fault. */
function wholeUtf8(bytes: Buffer): Buffer {
  let end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const b = bytes[end - back]!;
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back for the lead
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    if (need > back) end -= back;
    break;
  }
  return bytes.subarray(0, end);
}

/**
 * What a file is, by its content whatever its name says (a CSV saved as .xlsx is read as the
 * CSV it is): a ZIP (an XLSX workbook), or text in UTF-8 (with or without its BOM), UTF-16 (by
 * its BOM, or by the zero bytes of mostly-ASCII text), or else Windows-1252, which every byte
 * decodes in (what Excel on Windows saves "CSV" as): UTF-8 only if the whole file is. An empty
 * file and binary data are refused.
 */
export async function sniff(path: string): Promise<Sniffed> {
  const handle = await fs.open(path, 'r');
  let bytes: Buffer;
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, 0);
    bytes = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (bytes.length === 0) throw badRequest('The file is empty.', { file: 'The file is empty.' });
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return { kind: 'zip' };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return text('utf8', 3, new TextDecoder('utf-8').decode(wholeUtf8(bytes.subarray(3))));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return text('utf16le', 2, bytes.subarray(2).toString('utf16le'));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return text('utf16be', 2, swap16(bytes.subarray(2)).toString('utf16le'));

  // No BOM. UTF-16 of mostly-Latin text has a zero in every other byte.
  const head = bytes.subarray(0, Math.min(bytes.length, 4096) & ~1);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < head.length; i += 2) {
    if (head[i] === 0) evenZeros++;
    if (head[i + 1] === 0) oddZeros++;
  }
  const pairs = head.length / 2;
  if (pairs >= 2 && oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05)
    return text('utf16le', 0, bytes.subarray(0, bytes.length & ~1).toString('utf16le'));
  if (pairs >= 2 && evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05)
    return text('utf16be', 0, swap16(bytes.subarray(0, bytes.length & ~1)).toString('utf16le'));
  // Zero bytes in 8-bit text: not a table (an image, a PDF, an old .xls).
  if (bytes.includes(0)) throw notATable();
  const latin = () => text('windows1252', 0, new TextDecoder('windows-1252').decode(bytes));
  let sample: string;
  try {
    sample = new TextDecoder('utf-8', { fatal: true }).decode(wholeUtf8(bytes));
  } catch {
    return latin();
  }
  // ASCII at the start proves little: one "é" saved by Windows further down would turn into
  // "�". The rest is checked too (a quick pass), and such a file is read as Windows-1252.
  return (await wholeFileIsUtf8(path)) ? text('utf8', 0, sample) : latin();
}

async function wholeFileIsUtf8(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path, { start: 0, highWaterMark: 1024 * 1024 }))
      decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

const text = (encoding: TextEncoding, skip: number, sample: string): Sniffed => ({
  kind: 'text',
  encoding,
  skip,
  sample,
});

function swap16(bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes.subarray(0, bytes.length & ~1));
  return copy.swap16();
}

/** The delimiters a CSV may use, in the order a tie is settled. */
const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter of a CSV from its first lines: the candidate found the same number of times
 * (outside quotes) on the most lines, and at least once on the first. A comma if none is.
 */
export function sniffDelimiter(sample: string): string {
  const lines: string[] = [];
  let line = '';
  let quoted = false;
  for (const ch of sample) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && (ch === '\n' || ch === '\r')) {
      if (line) lines.push(line);
      line = '';
      if (lines.length >= 20) break;
      continue;
    }
    line += ch;
  }
  if (line && lines.length < 20) lines.push(line);
  const counts = (l: string, d: string) => {
    let n = 0;
    let inQuotes = false;
    for (const ch of l) {
      if (ch === '"') inQuotes = !inQuotes;
      else if (!inQuotes && ch === d) n++;
    }
    return n;
  };
  let best: { d: string; agree: number; n: number } = { d: ',', agree: 0, n: 0 };
  for (const d of DELIMITERS) {
    const first = lines[0] ? counts(lines[0], d) : 0;
    if (first === 0) continue;
    const agree = lines.filter((l) => counts(l, d) === first).length;
    if (agree > best.agree || (agree === best.agree && first > best.n)) best = { d, agree, n: first };
  }
  return best.d;
}
