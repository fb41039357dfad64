import { z } from 'zod';

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  activeSellers: z.number().int(),
  trialUsers: z.number().int(),
  monthlySignups: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** PATCH /api/admin/customers/:id: an admin disables or re-enables an account. */
export const customerAccessSchema = z.object({ disabled: z.boolean({ error: 'disabled must be true or false' }) });
