/**
 * A saved menu, from the snapshot kept on this device: it opens, filters and
 * sorts with no network. The buyer keeps notes, tags and a favourite mark
 * with it, sees what changed since they last looked, and writes to the seller.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from '../../lib/router';
import { savedMenuAvailable, type SavedMenuListItem } from '../../../sync/entities/saved-menu';
import { AppError } from '../../../sync/contract/errors';
import { PageBody } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Button } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Field, Input, Textarea } from '../../components/ui/form-controls';
import { askToConfirm } from '../../lib/confirm-store';
import { mutate } from '../../lib/replica/mutate';
import { useConnectivity } from '../../lib/connectivity';
import { useLiveMenu } from '../../lib/live-menu';
import { rememberSeenSnapshot, seenSnapshot } from '../../lib/replica/seen-snapshots';
import { toast } from '../../lib/toast-store';
import { MenuView } from '../../widgets/menu-view/menu-view';
import { ContactSellerDialog } from '../../widgets/inquiry-dialogs';
import { AddToCart, CartButton } from '../../widgets/cart/cart-controls';
import { describeMenuDiff, diffMenus, hasMenuChanges, menuFacts } from '../../../sync/rules/menu-diff';
import { NO_LONGER_OFFERED, savedMenuTitle } from './saved-menu-availability';
import { useDocumentTitle } from '../../lib/document-title';

export function SavedMenuPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Saved Menu');
  return (
    <ReplicaGate>
      {(view) => {
        const saved = view.savedMenus.get(id);
        if (!saved) {
          return (
            <PageBody>
              <Card className="p-6 text-center">
                This saved menu is not on this device.{' '}
                <Link to="/saved-menus" className="text-brand-800 underline">
                  Back to saved menus
                </Link>
              </Card>
            </PageBody>
          );
        }
        return <SavedMenu key={saved.id} saved={saved} />;
      }}
    </ReplicaGate>
  );
}

function failure(error: unknown, fallback: string) {
  toast({ title: 'Error', description: error instanceof AppError ? error.message : fallback, variant: 'destructive' });
}

function SavedMenu({ saved }: { saved: SavedMenuListItem }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ kind: 'contact'; productId?: string } | null>(null);
  const [changes, setChanges] = useState<string[]>([]);
  const online = useConnectivity((state) => state.connection === 'online');
  const available = savedMenuAvailable(saved, new Date());
  // While online the copy follows the seller's changes as they happen, at the buyer's prices; the next pull brings them
  // into the replica too.
  const live = useLiveMenu(online && available ? saved.menu.publicLinkId || null : null, saved.snapshot);
  const snapshot = available ? (live.menu ?? saved.snapshot) : null;

  // Looking at the menu: say what changed since the buyer last looked (as the server kept it, so on any device; else this
  // device's copy), then remember this one as seen.
  useEffect(() => {
    if (!snapshot) return;
    let current = true;
    void seenSnapshot(saved.id).then(async (seenHere) => {
      if (!current) return;
      const seen = saved.seenMenu ?? (seenHere && menuFacts(seenHere));
      if (seen && saved.stamp > saved.lastSeenStamp) {
        const diff = diffMenus(seen, menuFacts(snapshot));
        if (hasMenuChanges(diff)) setChanges(describeMenuDiff(diff));
      }
      await rememberSeenSnapshot(saved.id, snapshot);
      if (saved.stamp > saved.lastSeenStamp) await mutate({ name: 'savedMenu.markSeen', args: { id: saved.id, stamp: saved.stamp } });
    });
    return () => {
      current = false;
    };
  }, [saved.id, saved.stamp, saved.lastSeenStamp, saved.seenMenu, snapshot]);

  async function remove() {
    const confirmed = await askToConfirm({
      title: 'Remove this menu from your saved menus?',
      description: 'Its copy on this device goes too. You can save it again from its link.',
      confirmLabel: 'Remove',
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await mutate({ name: 'savedMenu.remove', args: { id: saved.id } });
      toast({ title: 'Removed from saved menus', variant: 'success' });
      navigate('/saved-menus');
    } catch (error) {
      failure(error, 'Failed to remove the menu');
    }
  }

  // A dead link (regenerated, expired) or a seller who closed their account shows nothing live of the menu; what the buyer wrote about it stays theirs.
  if (!snapshot) {
    const seller = saved.menu.sellerBusinessName || 'the seller';
    return (
      <PageBody>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Card className="grid content-start justify-items-center gap-3 p-6 text-center text-stone-700">
            <h1 className="text-lg font-semibold text-stone-900">{savedMenuTitle(saved, new Date())}</h1>
            {saved.withdrawnAt && <Badge tone="bad">{NO_LONGER_OFFERED}</Badge>}
            <p>
              {saved.withdrawnAt ? `${seller} closed their account, so this menu is no longer offered.` : `This menu from ${seller} is no longer available.`} Your notes and tags
              stay here until you remove it.
            </p>
            <Button variant="outline" onClick={() => void remove()}>
              Remove from saved menus
            </Button>
          </Card>
          {saved.withdrawnAt ? <KeptNotes saved={saved} /> : <BuyerNotes saved={saved} />}
        </div>
      </PageBody>
    );
  }

  const product = dialog?.productId ? snapshot.products.find((candidate) => candidate.id === dialog.productId) : undefined;
  return (
    <MenuView
      data={snapshot}
      notice={<p className="mt-1 text-xs text-stone-500">Saved on this device: opens with no network.</p>}
      actions={
        <div className="flex shrink-0 flex-wrap gap-2 self-start">
          <Button variant="outline" onClick={() => setDialog({ kind: 'contact' })}>
            Contact Seller
          </Button>
          <CartButton data={snapshot} />
          <Button variant="ghost" onClick={() => void remove()}>
            Remove
          </Button>
        </div>
      }
      productAction={(item) => (
        <>
          <Button
            variant="outline"
            size="sm"
            className="text-brand-800"
            onClick={() => setDialog({ kind: 'contact', productId: item.id })}
            aria-label={`Request more info about ${item.strainName}`}
          >
            Request More Info
          </Button>
          <AddToCart menuId={snapshot.menu.id} product={item} />
        </>
      )}
    >
      <div className="mb-5 grid grid-cols-1 gap-4 lg:grid-cols-2">
        {changes.length > 0 && <ChangesSinceLastTime changes={changes} />}
        <BuyerNotes saved={saved} />
      </div>
      {dialog?.kind === 'contact' && <ContactSellerDialog menu={snapshot} product={product} open onOpenChange={(open) => !open && setDialog(null)} />}
    </MenuView>
  );
}

function ChangesSinceLastTime({ changes }: { changes: string[] }) {
  return (
    <Card className="border-amber-200 bg-amber-50 p-4 text-sm" role="status">
      <h2 className="font-semibold text-amber-900">What changed since you last looked</h2>
      <ul className="mt-2 grid gap-1 text-amber-950">
        {changes.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Card>
  );
}

/** A copy that is no longer offered is read-only: what the buyer wrote stays as they left it. */
function KeptNotes({ saved }: { saved: SavedMenuListItem }) {
  return (
    <Card className="grid content-start gap-3 p-4">
      <h2 className="font-semibold">Your notes</h2>
      <p className="whitespace-pre-wrap text-sm text-stone-700">{saved.notes || 'No notes.'}</p>
      {saved.tags.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label="Tags">
          {saved.tags.map((name) => (
            <li key={name}>
              <Badge tone="neutral">{name}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function BuyerNotes({ saved }: { saved: SavedMenuListItem }) {
  const [notes, setNotes] = useState(saved.notes ?? '');
  const [tag, setTag] = useState('');

  async function update(changes: { notes?: string; tags?: string[]; isFavorite?: boolean }, message?: string) {
    try {
      await mutate({ name: 'savedMenu.update', args: { id: saved.id, changes } });
      if (message) toast({ title: message, variant: 'success' });
    } catch (error) {
      failure(error, 'Failed to save');
    }
  }

  function addTag(event: FormEvent) {
    event.preventDefault();
    const value = tag.trim();
    if (!value) return;
    void update({ tags: [...saved.tags, value] });
    setTag('');
  }

  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">Your notes</h2>
        <Button variant={saved.isFavorite ? 'primary' : 'outline'} size="sm" aria-pressed={saved.isFavorite} onClick={() => void update({ isFavorite: !saved.isFavorite })}>
          {saved.isFavorite ? '★ Favorite' : '☆ Mark favorite'}
        </Button>
      </div>
      <Field id="saved-notes" label="Notes">
        <Textarea id="saved-notes" value={notes} onChange={(event) => setNotes(event.target.value)} rows={3} />
      </Field>
      <Button size="sm" variant="outline" className="justify-self-start" onClick={() => void update({ notes }, 'Notes saved')}>
        Save notes
      </Button>
      <div className="grid gap-2">
        <p className="text-sm font-medium">Tags</p>
        <ul className="flex flex-wrap gap-1" aria-label="Tags">
          {saved.tags.map((name) => (
            <li key={name}>
              <Badge tone="neutral" className="gap-1">
                {name}
                <button type="button" aria-label={`Remove tag ${name}`} onClick={() => void update({ tags: saved.tags.filter((other) => other !== name) })}>
                  ×
                </button>
              </Badge>
            </li>
          ))}
        </ul>
        <form onSubmit={addTag} className="flex gap-2">
          <Input aria-label="New tag" placeholder="Add a tag" value={tag} onChange={(event) => setTag(event.target.value)} />
          <Button type="submit" size="sm" variant="outline" className="h-10">
            Add
          </Button>
        </form>
      </div>
    </Card>
  );
}
