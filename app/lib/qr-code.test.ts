import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrMatrix, qrPath, qrSvgDocument } from './qr-code';

/** Renders the matrix to RGBA pixels, `scale` pixels a module, as a camera would see the printed code. */
function rasterise(text: string, scale = 4): { data: Uint8ClampedArray; side: number } {
  const matrix = qrMatrix(text);
  const side = (matrix.size + 2 * QUIET_ZONE) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let row = 0; row < matrix.size; row += 1) {
    for (let column = 0; column < matrix.size; column += 1) {
      if (!matrix.isDark(row, column)) continue;
      for (let y = 0; y < scale; y += 1) {
        for (let x = 0; x < scale; x += 1) {
          const offset = (((row + QUIET_ZONE) * scale + y) * side + (column + QUIET_ZONE) * scale + x) * 4;
          data[offset] = data[offset + 1] = data[offset + 2] = 0;
        }
      }
    }
  }
  return { data, side };
}

describe('menu link QR codes', () => {
  const link = 'https://menus.example/menu/5a3b1e00-0000-4000-8000-000000000001';

  it('decode back to the link', () => {
    const { data, side } = rasterise(link);
    expect(jsQR(data, side, side)?.data).toBe(link);
  });

  it('draw one unit square per dark module, inside the quiet zone', () => {
    const matrix = qrMatrix(link);
    let dark = 0;
    for (let row = 0; row < matrix.size; row += 1) for (let column = 0; column < matrix.size; column += 1) if (matrix.isDark(row, column)) dark += 1;
    const path = qrPath(matrix);
    expect(path.match(/M/g)).toHaveLength(dark);
    expect(path.startsWith(`M${QUIET_ZONE}`)).toBe(true);
  });

  it('make a self-contained SVG file with a white background', () => {
    const svg = qrSvgDocument(link);
    const side = qrMatrix(link).size + 2 * QUIET_ZONE;
    expect(svg).toContain(`viewBox="0 0 ${side} ${side}"`);
    expect(svg).toContain('<rect');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });
});
