/** Conversations and order requests on the server: their routes, their mutations and their pull. */
import { inquiries } from '../db/schema';
import { exportConversations, orderRequestIdsWithdrawnSince } from '../db/repositories/inquiries';
import { memberOfPusher as member, type ServerSlice } from '../sync/server-slice';
import { inquiryRoutes } from './inquiry-routes';
import { createInquiry, listInquiries, markInquiryRead, replyToInquiry, setInquiryStatus } from './inquiry-service';

export const inquirySlice: ServerSlice<'inquiries'> = {
  routes: inquiryRoutes,
  appliers: {
    'inquiry.create': (services, by, args) => createInquiry(services, by.team.account, by.user.id, args),
    'inquiry.reply': (services, by, args) => replyToInquiry(services, by.team.account, member(by), args),
    'inquiry.setStatus': (services, by, args) => setInquiryStatus(services, by.team.account, member(by), args),
    'inquiry.markRead': (services, by, { id }) => markInquiryRead(services, by.team.account, member(by), id),
  },
  // An admin is a party to no conversation.
  read: async (services, user, cursor, by) => (user.role === 'admin' ? [] : listInquiries(services, user, by, cursor)),
  readWithdrawn: orderRequestIdsWithdrawnSince,
  owned: {
    table: inquiries,
    owners: [inquiries.buyerId, inquiries.sellerId],
    whenClosed: 'keep',
    deletion: 'withdrawal',
    exportedAs: 'conversations',
    exported: exportConversations,
  },
};
