/** Each page's own title in the browser tab, history and bookmarks: 'Products · Wholesale Menus'. */
import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../sync/contract/constants';

export function documentTitle(pageTitle: string | null): string {
  return pageTitle ? `${pageTitle} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Sets the document's title while the page is shown; null while the page does not know its title yet. */
export function useDocumentTitle(pageTitle: string | null): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
