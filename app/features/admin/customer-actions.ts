/** What the admin can do from a customer's row, card or team member line: set their access, or open them. */
import type { CustomerRef } from '../../../sync/entities/admin';

export type CustomerActions = { onSetAccess: (customer: CustomerRef) => void; onView: (customer: CustomerRef) => void };
