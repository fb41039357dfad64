/** Emails about a seller's customer book: its invitation to a customer. */
import { compose, PRODUCT_NAME, type MailContent } from './layout';

export function customerInvitationMail(p: { sellerName: string; customerName: string; url: string; validDays: number }): MailContent {
  return compose({
    subject: `${p.sellerName} invites ${p.customerName} to order on ${PRODUCT_NAME}`,
    greeting: 'Hello,',
    paragraphs: [
      `${p.sellerName} keeps ${p.customerName} in its customer book on ${PRODUCT_NAME} and invites you to link your buyer account to it: you then see the prices it gives you on its menus, and the orders it writes for you.`,
      `Sign in or sign up as a buyer to accept. Nothing of your account is shared with ${p.sellerName} until you do. The link works for ${p.validDays} days.`,
    ],
    action: { label: 'See the invitation', url: p.url },
    reason: `You get this email because ${p.sellerName} entered this address for ${p.customerName} in its customer book. If you do not deal with them, ignore it.`,
  });
}
