import { describe, expect, it } from 'vitest';
import { accentBand, contrastRatio } from './brand-colors';

describe('a seller accent colour', () => {
  it('puts white text on a dark accent and dark text on a light one', () => {
    expect(accentBand('#166534')).toEqual({ backgroundColor: '#166534', color: '#ffffff' });
    expect(accentBand('#fde047')).toEqual({ backgroundColor: '#fde047', color: '#000000' });
  });

  it('always leaves the text readable (at least 4.5:1), even on a mid-grey', () => {
    for (const accent of ['#777777', '#808080', '#ff0000', '#00ff00', '#0000ff', '#1d4ed8', '#f97316']) {
      const band = accentBand(accent)!;
      expect(contrastRatio(band.backgroundColor, band.color)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives no band for no colour or one that is not #rrggbb', () => {
    expect(accentBand(null)).toBeNull();
    expect(accentBand('red')).toBeNull();
    expect(accentBand('#abc')).toBeNull();
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });
});
