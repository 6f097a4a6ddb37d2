/**
 * Colour contrast after WCAG 2.x, so text on or in the theme colour stays readable (AA: 4.5:1
 * for normal text) whatever colour the settings drawer picks. The brand colour itself is kept
 * for fills and accents; only the text colours are derived from it.
 */

const AA_NORMAL_TEXT = 4.5;
const DARK_TEXT = '#1f1f1f';
const WHITE = '#ffffff';
/** The lightest tinted background primary text sits on (Ant Design's colorPrimaryBg of orange). */
const LIGHTEST_PRIMARY_BACKGROUND = '#fff7e6';

function channels(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value.slice(0, 6);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Text on a fill of `background`: white where white is readable, else near-black. */
export function textOn(background: string): string {
  return contrastRatio(WHITE, background) >= AA_NORMAL_TEXT ? WHITE : DARK_TEXT;
}

/**
 * The colour for text in the theme colour (links, the selected tab): the colour itself when it
 * is readable on white and on its light tint, else the colour darkened just enough.
 */
export function readableTextColor(color: string): string {
  const rgb = channels(color);
  for (let step = 0; step <= 20; step++) {
    const candidate = toHex(rgb.map((c) => c * (1 - step * 0.05)));
    if (
      contrastRatio(candidate, WHITE) >= AA_NORMAL_TEXT &&
      contrastRatio(candidate, LIGHTEST_PRIMARY_BACKGROUND) >= AA_NORMAL_TEXT
    ) {
      return candidate;
    }
  }
  return DARK_TEXT;
}
