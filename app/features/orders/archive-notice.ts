import { ORDER_WORKING_SET_DAYS } from '../../../sync/rules/order-working-set';

/** What an order screen says offline about the orders this device does not keep. */
export const ARCHIVE_NEEDS_CONNECTION = `Orders closed more than ${ORDER_WORKING_SET_DAYS} days ago stay on the server: they need a connection.`;
