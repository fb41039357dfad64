/**
 * QR codes for a menu's link, made on the device (so a seller at a booth with
 * no signal can still show one) with the `qrcode` library. The picture is one
 * SVG path of dark modules, drawn by React; downloads are the same code as an
 * SVG file or a PNG.
 */
import QRCode from 'qrcode';

/** Light modules around the code, as the standard asks, so scanners find its edges. */
export const QUIET_ZONE = 4;

export type QrMatrix = { size: number; isDark(row: number, column: number): boolean };

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, isDark: (row, column) => Boolean(modules.get(row, column)) };
}

/** One path of unit squares, one per dark module, offset by the quiet zone: `M5 4h1v1h-1z…`. */
export function qrPath(matrix: QrMatrix): string {
  let path = '';
  for (let row = 0; row < matrix.size; row += 1) {
    for (let column = 0; column < matrix.size; column += 1) {
      if (matrix.isDark(row, column)) path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return path;
}

export function qrSvgDocument(text: string): string {
  const matrix = qrMatrix(text);
  const side = matrix.size + 2 * QUIET_ZONE;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path d="${qrPath(matrix)}" fill="#000"/></svg>`;
}

export function qrPngDataUrl(text: string, width = 1024): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: QUIET_ZONE, width });
}
