import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The fonts come from the `dejavu-fonts-ttf` package, not from the system: production machines
 * may have no fonts at all, and the standard PDF fonts cannot write ″, €, — or most accents.
 * Read once per process; every document embeds only the glyphs it uses.
 */
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
export function dejaVu() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

export const REGULAR = 'DejaVuSans';
export const BOLD = 'DejaVuSans-Bold';

export const INK = '#1f2328';
export const MUTED = '#5c6370';
export const RULE = '#d0d5dd';
export const WARN = '#b54708';

/** Where content may go on every page; the footer lives below `bottom`. */
export type Canvas = {
  pdf: PDFKit.PDFDocument;
  left: number;
  right: number;
  width: number;
  top: number;
  bottom: number;
  accent: string;
  /** The accent mixed with white, for the table's header band. */
  tint: string;
};

const HEX = /^#[0-9a-f]{6}$/i;
const FALLBACK_ACCENT = '#1c7ed6';

export function accentColors(color: string): { accent: string; tint: string } {
  const accent = HEX.test(color) ? color : FALLBACK_ACCENT;
  const mix = (i: number) => {
    const channel = Number.parseInt(accent.slice(i, i + 2), 16);
    return Math.round(channel * 0.14 + 255 * 0.86)
      .toString(16)
      .padStart(2, '0');
  };
  return { accent, tint: `#${mix(1)}${mix(3)}${mix(5)}` };
}
