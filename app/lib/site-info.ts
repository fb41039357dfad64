/**
 * What the operator configured for the pages to show (GET /api/site), kept
 * on the device so a page opened offline still names it.
 */
import { useEffect, useState } from 'react';
import { siteInfoSchema, type SiteInfo } from '../../sync/entities/site-info';
import { apiRequest } from './api-client';

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
  const [info, setInfo] = useState(storedSiteInfo);
  useEffect(() => {
    let current = true;
    apiRequest<unknown>('GET', '/api/site')
      .then((answer) => {
        const parsed = siteInfoSchema.safeParse(answer);
        if (!parsed.success || !current) return;
        localStorage.setItem(SITE_INFO_KEY, JSON.stringify(parsed.data));
        setInfo(parsed.data);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return info;
}
