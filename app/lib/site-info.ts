/**
 * What the operator configured for the pages to show (GET /api/site), kept
 * on the device so a page opened offline still names it. It is the same for
 * everyone and shown to visitors who are not signed in, so it stays in local
 * storage rather than in a person's own database.
 */
import { useEffect, useState } from 'react';
import { apiReads } from '../../sync/contract/api-reads';
import { siteInfoSchema, type SiteInfo } from '../../sync/entities/site-info';
import { useServerRead } from './server-read/use-server-read';

const SITE_INFO_KEY = 'site_info';

function storedSiteInfo(): SiteInfo | null {
  try {
    const parsed = siteInfoSchema.safeParse(JSON.parse(localStorage.getItem(SITE_INFO_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The site's information: what the device last saw at once, then the server's answer. */
export function useSiteInfo(): SiteInfo | null {
  const [stored] = useState(storedSiteInfo);
  const answered = useServerRead(apiReads.siteInfo()).data;
  useEffect(() => {
    if (answered) localStorage.setItem(SITE_INFO_KEY, JSON.stringify(answered));
  }, [answered]);
  return answered ?? stored;
}
