/**
 * The database schema: the single source of truth for tables, generated into
 * SQL migrations by drizzle-kit (`npm run db:generate`), one file per subject.
 *
 * Sync shape: every row a device replicates carries `version`, the value of
 * the server's change clock when the row last changed, and deleting such a
 * row leaves a tombstone (see the triggers migration), so a pull can say
 * "everything after version N" without ever consulting a device clock.
 *
 * Exact numbers: percentages in hundredths, prices in cents, quantities in
 * thousandths, all integers.
 */
export { users, sessions, accountTokens, registrationClaims } from './accounts';
export { passwordResetRequests } from './password-resets';
export { teams, teamMembers, teamInvitations } from './teams';
export { products, priceLists } from './catalogue';
export { menus, menuItems, savedMenus } from './menus';
export { tombstones, syncClock, syncClockMarks, syncClients, syncRefusals } from './sync';
export { menuViewEvents, menuViewDays, menuProductOpenDays, menuVisitors, sellerEvents } from './menu-activity';
export { photos } from './photos';
export { inquiries, inquiryMessages } from './inquiries';
export { billingSubscriptions, billingEvents } from './billing';
export { auditLog } from './audit';
export { mailOutbox, emailOptOuts } from './mail';
export { customers } from './customers';
export { customerInvitations } from './customer-invitations';
export { orders, orderCounters } from './orders';
export { pushSubscriptions, pushOptOuts, pushOutbox, serverKeys, pushDaily } from './push';
export { metrcConnections, metrcPackages } from './integrations';
