import { z } from 'zod';

/** What the operator configured that pages show: GET /api/site. */
export const siteInfoSchema = z.object({
  /** The operator's contact address, or null when none is configured. */
  supportEmail: z.email().nullable(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
