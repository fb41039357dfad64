/**
 * Artwork for a product with no photo, one drawing per category, so a menu
 * without photos still looks cared for. Plain inline SVG: no request, no
 * script, the same on the server-rendered page, in print and offline.
 */
import type { ReactNode } from 'react';
import type { ProductCategory } from '../../sync/contract/constants';
import { cn } from '../lib/cn';

const BACKGROUNDS: Record<ProductCategory, string> = {
  flower: 'bg-emerald-50',
  preroll: 'bg-amber-50',
  concentrate: 'bg-yellow-50',
  edible: 'bg-rose-50',
  vape: 'bg-sky-50',
  topical: 'bg-violet-50',
};

const LEAF_BLADES = [-80, -50, -22, 0, 22, 50, 80];

const DRAWINGS: Record<ProductCategory, ReactNode> = {
  flower: (
    <g>
      {LEAF_BLADES.map((angle) => (
        <ellipse
          key={angle}
          cx="60"
          cy={angle === 0 ? 42 : 48}
          rx={Math.abs(angle) > 50 ? 6 : 7.5}
          ry={angle === 0 ? 26 : Math.abs(angle) > 50 ? 16 : 22}
          transform={`rotate(${angle} 60 72)`}
          fill={Math.abs(angle) > 50 ? '#34d399' : '#10b981'}
        />
      ))}
      <rect x="58.5" y="70" width="3" height="22" rx="1.5" fill="#047857" />
    </g>
  ),
  preroll: (
    <g transform="rotate(-30 60 60)">
      <path d="M22 54 L92 50 L92 70 L22 66 Z" fill="#fffbeb" stroke="#d97706" strokeWidth="2" strokeLinejoin="round" />
      <rect x="82" y="50" width="12" height="20" rx="2" fill="#b45309" />
      <path d="M22 54 Q14 60 22 66" fill="#fde68a" stroke="#d97706" strokeWidth="2" />
      <path d="M36 56 L36 64 M50 55 L50 65 M64 54 L64 66" stroke="#fcd34d" strokeWidth="2" strokeLinecap="round" />
    </g>
  ),
  concentrate: (
    <g>
      <path d="M60 22 C60 22 36 52 36 68 A24 24 0 0 0 84 68 C84 52 60 22 60 22 Z" fill="#fbbf24" stroke="#b45309" strokeWidth="2" />
      <ellipse cx="51" cy="64" rx="5" ry="9" fill="#fef3c7" opacity="0.8" />
    </g>
  ),
  edible: (
    <g>
      <path
        d="M38 92 C30 92 30 80 34 74 C28 66 32 50 44 50 C46 40 56 36 60 44 C64 36 74 40 76 50 C88 50 92 66 86 74 C90 80 90 92 82 92 Z"
        fill="#fb7185"
        stroke="#be123c"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="50" cy="62" r="3.5" fill="#ffe4e6" />
      <circle cx="68" cy="58" r="3" fill="#ffe4e6" />
      <circle cx="60" cy="76" r="3.5" fill="#ffe4e6" />
    </g>
  ),
  vape: (
    <g transform="rotate(-35 60 60)">
      <rect x="52" y="18" width="16" height="12" rx="3" fill="#0ea5e9" />
      <rect x="49" y="30" width="22" height="34" rx="4" fill="#e0f2fe" stroke="#0369a1" strokeWidth="2" />
      <rect x="54" y="36" width="12" height="22" rx="2" fill="#fbbf24" opacity="0.85" />
      <rect x="49" y="64" width="22" height="40" rx="5" fill="#0369a1" />
      <circle cx="60" cy="76" r="3" fill="#7dd3fc" />
    </g>
  ),
  topical: (
    <g>
      <rect x="36" y="30" width="48" height="16" rx="4" fill="#8b5cf6" />
      <rect x="32" y="46" width="56" height="48" rx="8" fill="#ede9fe" stroke="#6d28d9" strokeWidth="2" />
      <path d="M60 58 C54 66 50 70 50 75 A10 10 0 0 0 70 75 C70 70 66 66 60 58 Z" fill="#a78bfa" />
    </g>
  ),
};

export function CategoryArt({ category, label, className }: { category: ProductCategory; label?: string; className?: string }) {
  return (
    <div
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-category-art={category}
      className={cn('flex items-center justify-center', BACKGROUNDS[category], className)}
    >
      <svg viewBox="0 0 120 120" className="h-2/3 max-h-40 w-2/3 max-w-40" focusable="false" aria-hidden>
        {DRAWINGS[category]}
      </svg>
    </div>
  );
}
