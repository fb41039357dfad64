/**
 * Every read the app makes from the server's REST routes (a GET answered with
 * JSON), named once: the path it asks for and the schema of its answer. The
 * app reads only through this table (`readFromServer` and `useServerRead` in
 * app/lib/server-read/), which parses each answer with its schema, so a
 * malformed answer is a failure the screen shows, never a crash further on;
 * a test asks the real server for each read and parses the answer the same
 * way, so the two sides cannot drift apart.
 *
 * Sync's own pull is not here: its protocol, with its schemas, is in
 * protocol.ts.
 */
import { z, type ZodType } from 'zod';
import type { ProductCategory } from './constants';
import type { KeptClosedOrderDays, OrderStatus } from '../entities/order';
import { accountExportSchema, pendingEmailChangeAnswerSchema } from '../entities/account';
import {
  adminGrowthSchema,
  adminStatsSchema,
  auditPageSchema,
  accountDetailSchema,
  accountPageSchema,
  type AccountSort,
  type AccountStatusFilter,
  type SortDirection,
} from '../entities/admin';
import { browsePageSchema, browseSellerSchema } from '../entities/browse';
import { customerInvitationPreviewSchema } from '../entities/customer';
import { emailPreferencesSchema } from '../entities/email-preferences';
import { menuInsightsSchema, sellerDashboardSchema, sellerEventSchema } from '../entities/insights';
import { metrcConnectionSchema, metrcPackageListSchema } from '../entities/metrc';
import { orderListSchema, orderSchema } from '../entities/order';
import { publicMenuSchema } from '../entities/public-menu';
import { pushKeyResponseSchema, pushPreferencesSchema } from '../entities/push';
import { siteInfoSchema } from '../entities/site-info';
import { paymentConfigSchema, subscriptionStateSchema } from '../entities/subscription';
import { invitationPreviewSchema, teamSchema } from '../entities/team';
import { userSchema } from '../entities/user';

/** One read as asked: where, and what its answer must look like. */
export type ServerReadRequest<T> = { readonly path: string; readonly schema: ZodType<T> };

/** A read of the table: its parameters make the request. */
export type ApiRead<Params extends unknown[], T> = (...params: Params) => ServerReadRequest<T>;

function read<Params extends unknown[], T>(path: (...params: Params) => string, schema: ZodType<T>): ApiRead<Params, T> {
  return (...params) => ({ path: path(...params), schema });
}

type QueryValues = Record<string, string | number | null | undefined>;

/** `path` with the values that are set, in the order given, as its query. */
function withQuery(path: string, values: QueryValues): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  const encoded = query.toString();
  return encoded ? `${path}?${encoded}` : path;
}

const segment = encodeURIComponent;

/** The admin's customer filters; unset ones are left out. */
export type AccountFilters = { search?: string; role?: 'seller' | 'buyer'; status?: AccountStatusFilter };
/** One page of the admin's customer list; without `sort` the newest come first. */
export type AccountPageQuery = AccountFilters & { sort?: AccountSort; dir?: SortDirection; page: number; pageSize: number };
/** The buyer's browse filters and, past the first page, where the next one starts. */
/** A page of the archive of orders (those no device keeps), by status and search. */
export type ArchivedOrdersQuery = { status?: OrderStatus; q?: string; keepClosedDays: KeptClosedOrderDays; offset: number; limit: number };
export type BrowseQuery = { q?: string; category?: ProductCategory; sellerId?: string; cursor?: string };

export const apiReads = {
  signedInUser: read(() => '/api/auth/me', userSchema),
  team: read(() => '/api/team', teamSchema),
  invitationPreview: read((token: string) => `/api/team/invitations/preview?token=${segment(token)}`, invitationPreviewSchema),
  customerInvitationPreview: read((token: string) => `/api/customer-invitations/preview?token=${segment(token)}`, customerInvitationPreviewSchema),
  siteInfo: read(() => '/api/site', siteInfoSchema),
  paymentConfig: read(() => '/api/config', paymentConfigSchema),
  subscriptionStatus: read(() => '/api/subscription-status', subscriptionStateSchema),
  emailPreferences: read(() => '/api/account/notifications', emailPreferencesSchema),
  pushPreferences: read(() => '/api/account/push-notifications', pushPreferencesSchema),
  pushKey: read(() => '/api/push/key', pushKeyResponseSchema),
  pendingEmailChange: read(() => '/api/account/email-change', pendingEmailChangeAnswerSchema),
  accountExport: read(() => '/api/account/export', accountExportSchema),
  adminStats: read(() => '/api/admin/stats', adminStatsSchema),
  adminGrowth: read(() => '/api/admin/growth', adminGrowthSchema),
  /** Every match, for the CSV export. */
  adminAccounts: read((filters: AccountFilters) => withQuery('/api/admin/customers', { ...filters }), z.array(userSchema)),
  adminAccountPage: read((query: AccountPageQuery) => withQuery('/api/admin/customers', { ...query }), accountPageSchema),
  adminAccount: read((id: string) => `/api/admin/customers/${segment(id)}`, accountDetailSchema),
  adminAudit: read((page: number) => withQuery('/api/admin/audit', { page }), auditPageSchema),
  browse: read((query: BrowseQuery) => withQuery('/api/browse', { ...query }), browsePageSchema),
  browseSellers: read(() => '/api/browse/sellers', z.array(browseSellerSchema)),
  sellerDashboard: read(() => '/api/analytics/dashboard', sellerDashboardSchema),
  menuActivity: read(() => '/api/analytics/notifications', z.array(sellerEventSchema)),
  menuInsights: read((menuId: string, days: number) => withQuery(`/api/menus/${segment(menuId)}/insights`, { days }), menuInsightsSchema),
  order: read((id: string) => `/api/orders/${segment(id)}`, orderSchema),
  archivedOrders: read((query: ArchivedOrdersQuery) => withQuery('/api/orders', { archived: 'true', ...query }), orderListSchema),
  metrcConnection: read(() => '/api/integrations/metrc', metrcConnectionSchema),
  metrcPackages: read(() => '/api/metrc/packages', metrcPackageListSchema),
  publicMenu: read((publicLinkId: string) => `/api/public/menu/${segment(publicLinkId)}`, publicMenuSchema),
} satisfies Record<string, ApiRead<never[], unknown>>;

export type ApiReadName = keyof typeof apiReads;
