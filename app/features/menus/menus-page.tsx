/** The seller's menus: search, badges, dates, and Edit, Copy Link, Share (with the QR code), Preview, Duplicate and Delete. */
import { useMemo, useState } from 'react';
import { Link, useNavigate } from '../../lib/router';
import type { Menu } from '../../../sync/entities/menu';
import { PageBody, PageHeader } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Button, buttonClasses } from '../../components/ui/button';
import { ButtonWithReason } from '../../components/ui/button-with-reason';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/form-controls';
import { messageOf } from '../../lib/api-client';
import { askToConfirm } from '../../lib/confirm-store';
import { copyMenuLink } from '../../lib/copy-menu-link';
import { toast } from '../../lib/toast-store';
import { mutate } from '../../lib/replica/mutate';
import { useLinksNotOnServer } from '../../lib/replica/links-not-on-server';
import { listMenus } from '../../lib/replica/use-replica';
import type { JustCreated } from './menu-builder-page';
import { duplicateMenu } from './menu-edits';
import { ShareMenuButton } from './share-menu-dialog';
import { useDocumentTitle } from '../../lib/document-title';
import { AuthorshipLine } from '../../widgets/authorship-line';
import { useSession } from '../../lib/session-store';
import { mayDelete, mayEditMenu, REFUSAL_REASONS } from '../../lib/team-permissions';
import { useMemberNames } from '../../lib/team-read';
import { useTeamRole } from '../../lib/team-role';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function MenusPage() {
  useDocumentTitle('Menus');
  return (
    <PageBody>
      <PageHeader
        title="Menus"
        subtitle="Share a menu with one link; buyers need no login."
        actions={
          <Link to="/menu-builder" className={buttonClasses('primary')}>
            Create Menu
          </Link>
        }
      />
      <ReplicaGate>{(view) => <MenuGrid menus={listMenus(view)} />}</ReplicaGate>
    </PageBody>
  );
}

function MenuGrid({ menus }: { menus: Menu[] }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const linksWaiting = useLinksNotOnServer();
  const userId = useSession((state) => state.user?.id ?? '');
  const teamRole = useTeamRole();
  const memberNames = useMemberNames();

  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return menus.filter((menu) => !needle || `${menu.name} ${menu.description ?? ''}`.toLowerCase().includes(needle));
  }, [menus, search]);

  async function remove(menu: Menu) {
    const confirmed = await askToConfirm({
      title: 'Are you sure you want to delete this menu?',
      description: `"${menu.name}" and its public link go for good: anyone who opens the link sees Menu Not Found.`,
      confirmLabel: 'Delete menu',
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await mutate({ name: 'menu.delete', args: { id: menu.id } });
      toast({ title: 'Menu deleted successfully', variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: messageOf(error, 'Failed to delete menu'), variant: 'destructive' });
    }
  }

  async function duplicate(menu: Menu) {
    const copyId = await duplicateMenu(menu);
    if (copyId) navigate(`/menu-builder/${copyId}`, { state: { justCreated: true } satisfies JustCreated });
  }

  return (
    <>
      <Input type="search" aria-label="Search menus" placeholder="Search menu name or description" value={search} onChange={(event) => setSearch(event.target.value)} />
      {visible.length === 0 ? (
        <Card className="p-8 text-center text-stone-600">{menus.length ? 'No menus match your search.' : 'No menus yet.'}</Card>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((menu) => {
            const linkWaiting = linksWaiting?.has(menu.publicLinkId) ?? false;
            return (
              <li key={menu.id}>
                <Card className="flex h-full flex-col gap-2 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <h2 className="font-semibold">{menu.name}</h2>
                    <Badge tone={menu.isPublic ? 'good' : 'neutral'}>{menu.isPublic ? 'Public' : 'Private'}</Badge>
                  </div>
                  <p className="line-clamp-2 text-sm text-stone-600">{menu.description || 'No description'}</p>
                  <p className="text-sm text-stone-700">
                    {menu.productIds.length} {menu.productIds.length === 1 ? 'item' : 'items'}
                  </p>
                  {linkWaiting && <p className="text-xs text-amber-800">Its link works once your device syncs.</p>}
                  <p className="text-xs text-stone-500">
                    Created {formatDate(menu.createdAt)} · Updated {formatDate(menu.updatedAt)}
                  </p>
                  <AuthorshipLine row={menu} names={memberNames} />
                  <div className="mt-auto flex flex-wrap gap-2 pt-2">
                    {/* Another member's menu opens to look at: a rep changes only the menus they made. */}
                    <Link to={`/menu-builder/${menu.id}`} className={buttonClasses('outline', 'sm')}>
                      {mayEditMenu(teamRole, menu, userId) ? 'Edit' : 'View'}
                    </Link>
                    {!linkWaiting && (
                      <Button size="sm" variant="secondary" onClick={() => void copyMenuLink(menu.publicLinkId)}>
                        Copy Link
                      </Button>
                    )}
                    <ShareMenuButton menuName={menu.name} publicLinkId={menu.publicLinkId} linkWaiting={linkWaiting} />
                    <a href={`/menu/${menu.publicLinkId}`} target="_blank" rel="noopener" className={buttonClasses('ghost', 'sm')}>
                      Preview
                    </a>
                    <Button size="sm" variant="ghost" aria-label={`Duplicate ${menu.name}`} onClick={() => void duplicate(menu)}>
                      Duplicate
                    </Button>
                    <ButtonWithReason
                      size="sm"
                      variant="ghost"
                      className="text-red-700"
                      onClick={() => void remove(menu)}
                      offReason={mayDelete(teamRole, menu, userId) ? null : REFUSAL_REASONS.deleteOthersWork}
                    >
                      Delete
                    </ButtonWithReason>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
