/**
 * Sharing a menu: its link to copy, and its QR code, large enough to scan from
 * a phone held up at a booth, to download as PNG or SVG, or to print with the
 * menu. Everything here is made on the device, so it works with no signal; but
 * a link the server does not have yet is not handed out: it would answer Menu
 * Not Found. The dialog says so and offers it as soon as the device has synced.
 */
import { useState } from 'react';
import { QrCodeImage } from '../../components/qr-code-image';
import { Button, buttonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { copyMenuLink, menuLink } from '../../lib/copy-menu-link';
import { downloadFile } from '../../lib/download-file';
import { qrPngDataUrl, qrSvgDocument } from '../../lib/qr-code';

/** Said where the link would be, while the server does not have the menu yet. */
export const LINK_WAITING_NOTICE = "This menu hasn't reached the server yet: its link will work once your device syncs.";

/** A file name from the menu's name: "Fall Wholesale Menu" → "fall-wholesale-menu-qr". */
export function qrFileBase(menuName: string): string {
  const slug = menuName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'menu'}-qr`;
}

export function ShareMenuButton({
  menuName,
  publicLinkId,
  linkWaiting,
  size = 'sm',
}: {
  menuName: string;
  publicLinkId: string;
  /** True while the server does not have the menu yet (see links-not-on-server). */
  linkWaiting: boolean;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  const link = menuLink(publicLinkId);
  return (
    <>
      <Button size={size} variant="secondary" aria-label={`Share ${menuName}`} onClick={() => setOpen(true)}>
        Share
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Share ${menuName}`}
        description="Anyone with the link can open the menu, no login needed. Buyers can scan the code with their phone's camera."
      >
        {linkWaiting ? (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {LINK_WAITING_NOTICE}
          </p>
        ) : (
          <div className="grid justify-items-center gap-4">
            <QrCodeImage text={link} label={`QR code for the link to ${menuName}`} className="aspect-square w-full max-w-72 rounded-lg border border-stone-200" />
            <p className="w-full rounded-md bg-stone-50 p-2 font-mono text-xs break-all text-stone-800" data-testid="share-link">
              {link}
            </p>
            <div className="flex flex-wrap justify-center gap-2">
              <Button size="sm" onClick={() => void copyMenuLink(publicLinkId)}>
                Copy Link
              </Button>
              <Button size="sm" variant="outline" onClick={() => void qrPngDataUrl(link).then((url) => downloadFile(`${qrFileBase(menuName)}.png`, url))}>
                Download PNG
              </Button>
              <Button size="sm" variant="outline" onClick={() => downloadFile(`${qrFileBase(menuName)}.svg`, new Blob([qrSvgDocument(link)], { type: 'image/svg+xml' }))}>
                Download SVG
              </Button>
              <a href={`/menu/${publicLinkId}/print`} target="_blank" rel="noopener" className={buttonClasses('ghost', 'sm')}>
                Print or save as PDF
              </a>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
