/**
 * What the operator configured for the pages to show (GET /api/site), kept
 * on the device so a page opened offline still names it. It is the same for
 * everyone and shown to visitors who are not signed in, so it stays in local
 * storage rather than in a person's own database.
 */
import { useState } from 'react';
import { siteInfoSchema, type SiteInfo } from '../../sync/entities/site-info';
import { apiRequest } from './api-client';
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

async function fetchSiteInfo(): Promise<SiteInfo | null> {
  const parsed = siteInfoSchema.safeParse(await apiRequest<unknown>('GET', '/api/site'));
  if (!parsed.success) return null;
  localStorage.setItem(SITE_INFO_KEY, JSON.stringify(parsed.data));
  return parsed.data;
}

/** The site's information: what the device last saw at once, then the server's answer. */
export function useSiteInfo(): SiteInfo | null {
  const [stored] = useState(storedSiteInfo);
  return useServerRead('site-info', fetchSiteInfo).data ?? stored;
}
