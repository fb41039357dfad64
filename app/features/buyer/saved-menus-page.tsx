import type { SavedMenuListItem } from '../../../sync/entities/saved-menu';
import { LoadFailure, PageBody, PageHeader } from '../../components/page/page-header';
import { Spinner } from '../../components/ui/card';
import { messageOf } from '../../lib/api-client';
import { useApiQuery } from '../../lib/use-api-query';
import { SavedMenuList } from './saved-menu-list';

export function SavedMenusPage() {
  const saved = useApiQuery<SavedMenuListItem[]>('/api/saved-menus');
  return (
    <PageBody>
      <PageHeader title="Saved Menus" subtitle="Menus you saved from your suppliers." />
      {saved.error ? (
        <LoadFailure message={messageOf(saved.error, 'Could not load your saved menus.')} onRetry={saved.reload} />
      ) : saved.loading && !saved.data ? (
        <Spinner />
      ) : (
        <SavedMenuList items={saved.data ?? []} />
      )}
    </PageBody>
  );
}
