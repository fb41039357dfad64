/** A seller's figures: one menu's insights, the dashboard's week, and the notifications of what buyers did. */
import { z } from 'zod';
import { isoDate } from '../contract/fields';

export const INSIGHTS_MAX_DAYS = 365;

/** GET /api/menus/:id/insights?days=N */
export const insightsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'The period must be a number of days' })
    .int('The period must be a whole number of days')
    .min(1, 'The period must be at least 1 day')
    .max(INSIGHTS_MAX_DAYS, `The period must be at most ${INSIGHTS_MAX_DAYS} days`)
    .default(30),
});

export const menuInsightsSchema = z.object({
  totalViews: z.number().int(),
  uniqueVisitors: z.number().int(),
  /** Every day of the period, oldest first, YYYY-MM-DD (UTC). */
  perDay: z.array(z.object({ date: z.string(), views: z.number().int() })),
  viewers: z.array(
    z.object({
      userId: z.string(),
      businessName: z.string(),
      firstViewedAt: isoDate,
      lastViewedAt: isoDate,
      views: z.number().int(),
      saved: z.boolean(),
    }),
  ),
  topProducts: z.array(z.object({ productId: z.string(), name: z.string(), opens: z.number().int() })),
});
export type MenuInsights = z.infer<typeof menuInsightsSchema>;

/** What a seller's activity feed tells of a buyer: a menu opened, or saved. */
export const SELLER_EVENT_KINDS = ['menu_opened', 'menu_saved'] as const;

export const sellerEventSchema = z.object({
  id: z.string(),
  kind: z.enum(SELLER_EVENT_KINDS),
  menuId: z.string(),
  menuName: z.string(),
  buyerId: z.string(),
  buyerName: z.string(),
  createdAt: isoDate,
  readAt: isoDate.nullable(),
});
export type SellerEvent = z.infer<typeof sellerEventSchema>;

/** How many notifications the feed shows, and so how many one request may mark read. */
export const SELLER_NOTIFICATIONS_SHOWN = 50;

/** POST /api/analytics/notifications/read */
export const markNotificationsReadSchema = z.object(
  {
    ids: z
      .array(z.string({ error: 'Name the notifications to mark read' }), { error: 'Name the notifications to mark read' })
      .max(SELLER_NOTIFICATIONS_SHOWN, `Mark at most ${SELLER_NOTIFICATIONS_SHOWN} notifications read at once`),
  },
  { error: 'Name the notifications to mark read' },
);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

/** GET /api/analytics/dashboard: the seller's last seven days and their latest events. */
export const sellerDashboardSchema = z.object({
  /** Counted views of all the seller's menus, ever. */
  totalViews: z.number().int(),
  week: z.object({
    views: z.number().int(),
    saves: z.number().int(),
    inquiries: z.number().int(),
    orderRequests: z.number().int(),
  }),
  events: z.array(sellerEventSchema),
});
export type SellerDashboard = z.infer<typeof sellerDashboardSchema>;
