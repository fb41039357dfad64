/** A QR code drawn as one SVG path: crisp at any size, on screen and in print. */
import { useMemo } from 'react';
import { cn } from '../lib/cn';
import { QUIET_ZONE, qrMatrix, qrPath } from '../lib/qr-code';

export function QrCodeImage({ text, label, className }: { text: string; label: string; className?: string }) {
  const { side, path } = useMemo(() => {
    const matrix = qrMatrix(text);
    return { side: matrix.size + 2 * QUIET_ZONE, path: qrPath(matrix) };
  }, [text]);
  return (
    <svg role="img" aria-label={label} data-qr-text={text} viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges" className={cn('bg-white', className)}>
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
