import {
  Anchor,
  Badge,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shades whose text and fills read at 4.5:1 or more (WCAG AA): indigo 7 on white is 4.98:1,
  // white on indigo 8 (dark mode's buttons) 5.67:1; Mantine's default 6 is 4.32:1.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '650' },
  // A visible focus ring for keyboard users, never for mouse clicks.
  focusRing: 'auto',
  components: {
    // A link is told from the text around it by more than its colour (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // A status badge keeps its words on a narrow screen: the text beside it wraps instead.
    Badge: Badge.extend({ styles: { root: { flexShrink: 0 } } }),
  },
});

// ---- Colours that read at 4.5:1 (WCAG AA), worked out from the palettes ----

const AA = 4.5;
const WHITE = '#ffffff';
const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const luminance = (hex: string) => {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};
/** `hex` darkened toward black, step by step, until it reads at 4.5:1 on `background`. */
const darkEnough = (hex: string, background: string) => {
  let [r, g, b] = rgb(hex) as [number, number, number];
  const toHex = () => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
  while (contrast(toHex(), background) < AA) [r, g, b] = [r * 0.92, g * 0.92, b * 0.92];
  return toHex();
};
/** The first shade from `from` on (darker) that reads at 4.5:1 with `other`, else the darkest made so. */
const readable = (palette: MantineColorsTuple, from: number, other: string) => {
  for (let shade = from; shade <= 9; shade++) if (contrast(palette[shade]!, other) >= AA) return palette[shade]!;
  return darkEnough(palette[9]!, other);
};

/**
 * Issue 14's audit: Mantine's default text, badge and button colours of several hues (green,
 * red, orange…) and its dimmed grey read below 4.5:1. For every palette this sets the colours
 * its variants use to the first shade that reads: text and outlines on white, white on filled,
 * and a light variant's text on its (lightest) background; in dark mode, filled with white text.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // Links read on dark cards and inside a coloured alert too (indigo 3: 5.49:1 on red's).
    '--mantine-color-anchor': `var(--mantine-color-${t.primaryColor}-3)`,
  };
  for (const [name, palette] of Object.entries({ ...DEFAULT_THEME.colors, ...t.colors })) {
    if (name === 'dark' || palette.length < 10) continue;
    const filled = readable(palette, 7, WHITE);
    const index = palette.indexOf(filled);
    light[`--mantine-color-${name}-text`] = readable(palette, 6, WHITE);
    light[`--mantine-color-${name}-outline`] = readable(palette, 6, WHITE);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = index >= 0 && index < 9 ? palette[index + 1]! : filled;
    light[`--mantine-color-${name}-light`] = palette[0]!;
    light[`--mantine-color-${name}-light-hover`] = palette[1]!;
    light[`--mantine-color-${name}-light-color`] = readable(palette, 7, palette[1]!);
    const darkFilled = readable(palette, 8, WHITE);
    dark[`--mantine-color-${name}-filled`] = darkFilled;
    const darkIndex = palette.indexOf(darkFilled);
    dark[`--mantine-color-${name}-filled-hover`] =
      darkIndex >= 0 && darkIndex < 9 ? palette[darkIndex + 1]! : darkFilled;
  }
  return { variables: {}, light, dark };
};
