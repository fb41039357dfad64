import { PageBody, PageHeader } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { listSavedMenus } from '../../lib/replica/use-replica';
import { SavedMenuList } from './saved-menu-list';
import { useDocumentTitle } from '../../lib/document-title';

export function SavedMenusPage() {
  useDocumentTitle('Saved Menus');
  return (
    <PageBody>
      <PageHeader title="Saved Menus" subtitle="Menus you saved from your suppliers." />
      <ReplicaGate>{(view) => <SavedMenuList items={listSavedMenus(view)} />}</ReplicaGate>
    </PageBody>
  );
}
