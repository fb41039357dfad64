/**
 * A seller's accent colour on their menu: a band behind the header's brand
 * line, its text black or white, whichever reads better on it (WCAG contrast),
 * so any colour a seller picks stays legible (pure black is what guarantees 4.5:1 for every colour).
 */
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of #rrggbb. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => channel(parseInt(hex.slice(start, start + 2), 16)));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const DARK_TEXT = '#000000';
const LIGHT_TEXT = '#ffffff';

/** The band's colours for an accent; null for none (or anything that is not #rrggbb), which keeps the plain header. */
export function accentBand(accent: string | null | undefined): { backgroundColor: string; color: string } | null {
  if (!accent || !HEX_COLOUR.test(accent)) return null;
  const color = contrastRatio(accent, LIGHT_TEXT) >= contrastRatio(accent, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
  return { backgroundColor: accent, color };
}
