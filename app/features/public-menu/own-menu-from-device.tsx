/**
 * Booth mode: with no signal (or before the server has the menu), a seller
 * still opens their own menu at its public address, drawn from the replica on
 * this device with its photos, and marked as such. Loaded only for a signed-in
 * seller whose menu the server could not give, so buyers never download it.
 */
import { useMemo, type ReactNode } from 'react';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { MenuView } from '../../widgets/menu-view/menu-view';
import { Spinner } from '../../components/ui/card';
import type { BackTo } from '../../lib/back-to';
import { usePhotoUrls } from '../../lib/photos/use-photos';
import { useLinksNotOnServer } from '../../lib/replica/links-not-on-server';
import { useReplica } from '../../lib/replica/use-replica';
import { menuFromDevice, ownMenuByLink, photoIdsOf } from './menu-from-device';

const SHOWN_FROM_DEVICE = 'Shown from this device';

/** Why the server's menu is not shown: no answer, only the copy saved on this device, or no such link on the server (yet). */
export type ServerShortfall = 'offline' | 'saved-copy' | 'not-found';

export function OwnMenuFromDevice({
  publicLinkId,
  shortfall,
  backTo,
  otherwise,
}: {
  publicLinkId: string;
  shortfall: ServerShortfall;
  backTo: BackTo | null;
  /** What the page shows when the device has no menu of the seller's to show instead. */
  otherwise: ReactNode;
}) {
  const replica = useReplica();
  const waitingLinks = useLinksNotOnServer();
  const now = useMemo(() => new Date(), []);
  const menu = replica ? ownMenuByLink(replica, publicLinkId, now) : null;
  const photoIds = useMemo(() => (menu && replica ? photoIdsOf(menu, replica.products) : []), [menu, replica]);
  const photoUrls = usePhotoUrls(photoIds);

  if (!replica || !waitingLinks || !photoUrls) return <Spinner label="Loading menu" />;
  // The server said it has no such menu: the device's copy answers only while the menu (or its link) has not reached it yet.
  if (!menu || (shortfall === 'not-found' && !waitingLinks.has(publicLinkId))) return <>{otherwise}</>;
  const data: PublicMenu | null = menuFromDevice(replica, publicLinkId, (id) => photoUrls.get(id) ?? null, now);
  if (!data) return <>{otherwise}</>;
  return (
    <MenuView
      key={data.menu.id}
      data={data}
      backTo={backTo ?? { path: `/menu-builder/${menu.id}`, label: 'the menu builder' }}
      notice={
        <p role="status" className="mt-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
          <strong>{SHOWN_FROM_DEVICE}</strong>: your menu as saved here.{' '}
          {waitingLinks.has(publicLinkId) ? 'Its link opens for buyers once your device syncs.' : 'Buyers opening the link see the version last synced.'}
        </p>
      }
    />
  );
}
