/** What the admin can do from a customer's row, card or team member line: set their access, or open them. */
import type { AccountRef } from '../../../sync/entities/admin';

export type AccountActions = { onSetAccess: (customer: AccountRef) => void; onView: (customer: AccountRef) => void };
