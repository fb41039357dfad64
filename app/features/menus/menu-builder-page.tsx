/**
 * Create or edit a menu: settings, the catalogue to add from (one by one or a
 * whole category), and a live preview to reorder. A saved menu can also be shared, duplicated, or given a new link.
 * Each card is its own component; this page holds what they share (the draft
 * menu, see use-menu-draft) and the page's own actions: Save, Preview and
 * Duplicate.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from '../../lib/router';
import type { Menu } from '../../../sync/entities/menu';
import type { PriceList } from '../../../sync/entities/price-list';
import type { Product } from '../../../sync/entities/product';
import type { User } from '../../../sync/entities/user';
import { PageBody } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Button } from '../../components/ui/button';
import { Card, Spinner } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { messageOf } from '../../lib/api-client';
import { toast } from '../../lib/toast-store';
import { mutate } from '../../lib/replica/mutate';
import { listProducts } from '../../lib/replica/use-replica';
import { duplicateMenu } from './menu-edits';
import { MenuPreviewCard } from './menu-preview-card';
import { MenuProductPicker } from './menu-product-picker';
import { MenuSettingsCard } from './menu-settings-card';
import { MenuShareCard } from './menu-share-card';
import { useMenuDraft, type KeptMenuDraft } from './use-menu-draft';
import { BusinessNameDialog } from './business-name-dialog';
import { AuthorshipLine } from '../../widgets/authorship-line';
import { KeptDraftNotice } from '../../components/kept-draft-notice';
import { useDocumentTitle } from '../../lib/document-title';
import { useKeptDraft } from '../../lib/drafts';
import { useNavigationGuard } from '../../lib/navigation-guards';
import { useSingleTap } from '../../lib/use-single-tap';
import { useSession } from '../../lib/session-store';
import { mayEditMenu, REFUSAL_REASONS } from '../../lib/team-permissions';
import { useMemberNames, useTeamRead } from '../../lib/team-read';
import { useTeamRole } from '../../lib/team-role';

/** Navigation state of a builder opened on a menu this device has just made: it shows up in the replica a moment later. */
export type JustCreated = { justCreated: true };

/** Why the builder only shows a menu the person may not change, tied to its disabled controls. */
const READ_ONLY_NOTE_ID = 'menu-read-only-note';

/** The fields of the settings card; an error elsewhere (too many products) is told in a toast. */
const SETTINGS_FIELDS = ['name', 'description', 'linkExpiresAt'] as const;

export function MenuBuilderPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const menuId = params.id ?? searchParams.get('id');
  useDocumentTitle(menuId ? 'Edit Menu' : 'Menu Builder');
  const justCreated = (location.state as Partial<JustCreated> | null)?.justCreated === true;
  return (
    <PageBody>
      <ReplicaGate>
        {(view) => {
          const menu = menuId ? view.menus.get(menuId) : undefined;
          if (menuId && !menu) return justCreated ? <AwaitNewMenu /> : <MenuMissing />;
          return (
            <MenuEditor
              key={menuId ?? 'new'}
              initial={menu ?? null}
              products={listProducts(view)}
              priceLists={[...view.priceLists.values()].sort((a, b) => a.name.localeCompare(b.name))}
              user={view.user}
            />
          );
        }}
      </ReplicaGate>
    </PageBody>
  );
}

function MenuMissing() {
  return <Card className="p-6 text-center">This menu does not exist or was deleted.</Card>;
}

/** A menu made a moment ago reaches the replica's view shortly; should it never come, say so. */
function AwaitNewMenu() {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setGaveUp(true), 3000);
    return () => window.clearTimeout(timer);
  }, []);
  return gaveUp ? <MenuMissing /> : <Spinner label="Opening the menu" />;
}

function MenuEditor({ initial, products, priceLists, user }: { initial: Menu | null; products: Product[]; priceLists: PriceList[]; user: User | null }) {
  const navigate = useNavigate();
  const menuId = initial?.id ?? null;
  const { settings, changeSettings, productIds, setProductIds, chosen, dirty, fields, checked, errors, settingsRef, fail, clear, restore } = useMenuDraft(initial, products);
  const [previewUnavailable, setPreviewUnavailable] = useState(false);
  const [askingBusinessName, setAskingBusinessName] = useState(false);
  const team = useTeamRead().data;
  const memberNames = useMemberNames();
  const userId = useSession((state) => state.user?.id ?? '');
  const teamRole = useTeamRole();
  // A rep changes only the menus they made: another member's shows here to look at, duplicate and share, not to change.
  const editable = !initial || mayEditMenu(teamRole, initial, userId);
  const changeProducts: typeof setProductIds = editable ? setProductIds : () => undefined;
  const saveLocked = editable ? {} : { disabled: true, 'aria-describedby': READ_ONLY_NOTE_ID };
  /** On a phone the chosen products show on demand, above the catalogue, instead of below all of it. */
  const [showChosen, setShowChosen] = useState(false);
  const chosenCard = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // Live from the replica, so a regenerated link shows (and is shared) at once.
  const publicLinkId = initial?.publicLinkId ?? null;
  // A new menu's ids are made once: a second tap on Save sends the same menu, never a second one.
  const [newMenu] = useState(() => ({ id: crypto.randomUUID(), publicLinkId: crypto.randomUUID() }));
  const saving = useSingleTap();
  const sentNewMenu = useRef(false);
  // Leaving asks while something is not saved: changes to this menu, or a new menu already begun.
  const begun = !initial && (settings.name.trim() !== '' || settings.description.trim() !== '' || productIds.length > 0);
  const unsaved = (dirty || begun) && editable;
  // Kept on the device as typed: a closed tab or a lost page gives the work back here; leaving on purpose drops it.
  const kept = useKeptDraft<KeptMenuDraft>(`menu:${menuId ?? 'new'}`, { settings, productIds }, unsaved);
  useNavigationGuard(unsaved ? { kind: 'unsaved', discard: kept.forget } : null);
  const [restoredDraft, setRestoredDraft] = useState<KeptMenuDraft | null>(null);
  if (kept.restored && kept.restored !== restoredDraft) {
    setRestoredDraft(kept.restored);
    restore(kept.restored);
  }
  function discardDraft() {
    kept.forget();
    restore(null);
  }

  async function save() {
    if (!checked.ok) {
      fail(checked.fieldErrors);
      if (!SETTINGS_FIELDS.some((field) => checked.fieldErrors[field])) toast({ title: 'Error', description: checked.message, variant: 'destructive' });
      return;
    }
    clear();
    // A menu is saved to be shared: its seller's name goes on it first, never the anonymous placeholder. The name shown
    // is the team's, kept on the profile of the account that founded it: only that person is asked (not a rep who joined).
    const namesTheTeam = !team || team.id === user?.id;
    if (user?.role === 'seller' && !user.businessName && namesTheTeam) return setAskingBusinessName(true);
    await persist();
  }

  async function persist() {
    try {
      // Once the new menu is sent, a save is a change to it, even before the page has moved to its address: a second
      // tap whose first has already finished on a busy phone must not send the menu again.
      const savedId = menuId ?? (sentNewMenu.current ? newMenu.id : null);
      if (savedId) {
        await mutate({ name: 'menu.update', args: { id: savedId, changes: fields } });
      } else {
        sentNewMenu.current = true;
        await mutate({ name: 'menu.create', args: { ...fields, ...newMenu } }).catch((error: unknown) => {
          sentNewMenu.current = false;
          throw error;
        });
        kept.forget();
        navigate(`/menu-builder/${newMenu.id}`, { replace: true, state: { justCreated: true } satisfies JustCreated });
      }
      toast({ title: 'Menu saved successfully', variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: messageOf(error, 'Failed to save menu. Please try again.'), variant: 'destructive' });
    }
  }

  function preview() {
    if (!publicLinkId) setPreviewUnavailable(true);
    else window.open(`/menu/${publicLinkId}`, '_blank', 'noopener');
  }

  async function duplicate() {
    if (!initial) return;
    const copyId = await duplicateMenu(initial);
    if (copyId) navigate(`/menu-builder/${copyId}`, { state: { justCreated: true } satisfies JustCreated });
  }

  const saveLabel = menuId ? 'Update Menu' : 'Save Menu';

  function toggleChosen() {
    setShowChosen((shown) => !shown);
    if (!showChosen) requestAnimationFrame(() => chosenCard.current?.scrollIntoView({ block: 'start' }));
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/seller/dashboard" className="text-sm font-medium text-brand-800 hover:underline">
          ← Back to dashboard
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          {dirty && <span className="text-sm text-amber-800">Unsaved changes</span>}
          {initial && (
            <Button variant="outline" onClick={() => void duplicate()}>
              Duplicate
            </Button>
          )}
          <Button variant="outline" onClick={preview}>
            Preview
          </Button>
          {/* On a phone, Save lives in the bar at the bottom instead. */}
          <div className="hidden lg:block">
            <Button onClick={() => void saving.run(save)} aria-busy={saving.pending} disabled={saving.pending} {...saveLocked}>
              {saveLabel}
            </Button>
          </div>
        </div>
      </div>
      {restoredDraft && unsaved && <KeptDraftNotice what="this menu" onDiscard={discardDraft} />}
      <h1 className="text-2xl font-bold">{!menuId ? 'New menu' : editable ? 'Edit menu' : 'Menu'}</h1>
      {initial && <AuthorshipLine row={initial} names={memberNames} className="-mt-4" />}
      {!editable && (
        <p id={READ_ONLY_NOTE_ID} role="note" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {REFUSAL_REASONS.othersMenus}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div className="grid grid-cols-1 gap-6 pb-20 lg:grid-cols-2 lg:pb-0">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <fieldset disabled={!editable} className="min-w-0">
            <MenuSettingsCard ref={settingsRef} settings={settings} onChange={changeSettings} errors={errors} priceLists={priceLists} />
          </fieldset>
          {initial && publicLinkId && <MenuShareCard menu={initial} publicLinkId={publicLinkId} mayRegenerate={editable} />}
          <fieldset disabled={!editable} className="min-w-0">
            <MenuProductPicker products={products} productIds={productIds} onChange={changeProducts} announce={setAnnouncement} />
          </fieldset>
        </div>
        <fieldset disabled={!editable} className="min-w-0">
          <MenuPreviewCard
            ref={chosenCard}
            shown={showChosen}
            name={settings.name}
            description={settings.description}
            chosen={chosen}
            onChange={changeProducts}
            announce={setAnnouncement}
          />
        </fieldset>
      </div>
      <div className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-2 border-t border-stone-200 bg-white p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] lg:hidden">
        <Button variant="outline" aria-expanded={showChosen} aria-controls="chosen-products" onClick={toggleChosen}>
          {showChosen ? 'Hide chosen' : 'Show chosen'} ({chosen.length})
        </Button>
        <Button onClick={() => void saving.run(save)} aria-busy={saving.pending} disabled={saving.pending} {...saveLocked}>
          {saveLabel}
        </Button>
      </div>
      {askingBusinessName && user && (
        <BusinessNameDialog
          user={user}
          onCancel={() => setAskingBusinessName(false)}
          onSaved={() => {
            setAskingBusinessName(false);
            void persist();
          }}
        />
      )}
      <Dialog open={previewUnavailable} onOpenChange={setPreviewUnavailable} title="Preview Not Available" description="Save your menu first to generate a preview.">
        <Button onClick={() => setPreviewUnavailable(false)}>OK</Button>
      </Dialog>
    </>
  );
}
