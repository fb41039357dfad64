/** Notification emails: each kind can be turned off under Profile, Notifications, or by its unsubscribe link. */
import { compose, PRODUCT_NAME, type MailContent } from './layout';

type Common = { name: string; url: string; unsubscribeUrl: string };

const hello = (name: string) => `Hello ${name},`;
const because = (what: string) =>
  `You get this email because you asked to be told when ${what} on ${PRODUCT_NAME}. Turn it off under Profile, Notifications, or unsubscribe below.`;

export function orderRequestMail(p: Common & { buyer: string; menuName: string; total: string | null }): MailContent {
  return compose({
    subject: `New order request from ${p.buyer}`,
    greeting: hello(p.name),
    paragraphs: [`${p.buyer} sent an order request from your menu "${p.menuName}"${p.total ? ` (total ${p.total})` : ''}.`],
    action: { label: 'Open the order request', url: p.url },
    reason: because('a buyer sends you an order request'),
    unsubscribeUrl: p.unsubscribeUrl,
  });
}

export function newMessageMail(p: Common & { buyer: string; menuName: string; excerpt: string }): MailContent {
  return compose({
    subject: `New message from ${p.buyer}`,
    greeting: hello(p.name),
    paragraphs: [`${p.buyer} wrote about your menu "${p.menuName}":`, p.excerpt],
    action: { label: 'Reply', url: p.url },
    reason: because('a buyer sends you a message'),
    unsubscribeUrl: p.unsubscribeUrl,
  });
}

export function sellerReplyMail(p: Common & { seller: string; menuName: string; excerpt: string }): MailContent {
  return compose({
    subject: `${p.seller} replied to you`,
    greeting: hello(p.name),
    paragraphs: [`${p.seller} replied about "${p.menuName}":`, p.excerpt],
    action: { label: 'Open the conversation', url: p.url },
    reason: because('a seller replies to you'),
    unsubscribeUrl: p.unsubscribeUrl,
  });
}

export function orderStatusMail(p: Common & { seller: string; menuName: string; status: 'accepted' | 'declined' }): MailContent {
  return compose({
    subject: `Your order request was ${p.status}`,
    greeting: hello(p.name),
    paragraphs: [`${p.seller} ${p.status} your order request from "${p.menuName}".`],
    action: { label: 'Open the order request', url: p.url },
    reason: because('an order request of yours is accepted or declined'),
    unsubscribeUrl: p.unsubscribeUrl,
  });
}

export function trialEndingMail(p: Common & { endsOn: string }): MailContent {
  return compose({
    subject: `Your ${PRODUCT_NAME} trial ends in 3 days`,
    greeting: hello(p.name),
    paragraphs: [
      `Your free trial ends on ${p.endsOn}.`,
      `Add a card now and the Pro plan takes over when the trial ends, with no break in editing your menus: you will not be charged until ${p.endsOn}.`,
    ],
    action: { label: 'Add a card', url: p.url },
    reason: because('your trial is about to end'),
    unsubscribeUrl: p.unsubscribeUrl,
  });
}

export function paymentFailedMail(p: Common): MailContent {
  return compose({
    subject: `Your ${PRODUCT_NAME} payment failed`,
    greeting: hello(p.name),
    paragraphs: ['We could not take the payment for your Pro subscription. Please update your payment method to keep your menus shared.'],
    action: { label: 'Update payment method', url: p.url },
    reason: because('a payment fails'),
    unsubscribeUrl: p.unsubscribeUrl,
  });
}

export function subscriptionCanceledMail(p: Common): MailContent {
  return compose({
    subject: `Your ${PRODUCT_NAME} subscription was canceled`,
    greeting: hello(p.name),
    paragraphs: ['Your Pro subscription has ended. Your catalogue and menus are kept; subscribe again at any time to share them.'],
    action: { label: 'Subscribe again', url: p.url },
    reason: because('your subscription is canceled'),
    unsubscribeUrl: p.unsubscribeUrl,
  });
}

export function firstMenuViewMail(p: Common & { buyer: string; menuName: string }): MailContent {
  return compose({
    subject: `${p.buyer} opened your menu "${p.menuName}"`,
    greeting: hello(p.name),
    paragraphs: [`${p.buyer} opened your menu "${p.menuName}" for the first time. A message while it is fresh in their mind often turns a look into an order.`],
    action: { label: 'See who opened it', url: p.url },
    reason: because('a buyer opens one of your menus for the first time'),
    unsubscribeUrl: p.unsubscribeUrl,
  });
}

export function savedMenusDigestMail(p: Common & { menus: Array<{ menuName: string; sellerName: string; changes: string[] }> }): MailContent {
  const count = p.menus.length;
  return compose({
    subject: count === 1 ? `"${p.menus[0]!.menuName}" changed` : `${count} of your saved menus changed`,
    greeting: hello(p.name),
    paragraphs: [
      count === 1 ? 'A menu you saved changed since you last looked:' : `${count} menus you saved changed since you last looked:`,
      ...p.menus.flatMap((menu) => [`"${menu.menuName}" from ${menu.sellerName}`, ...menu.changes.map((change) => `- ${change}`)]),
    ],
    action: { label: 'Open your saved menus', url: p.url },
    reason: because('menus you saved change (at most one email a day)'),
    unsubscribeUrl: p.unsubscribeUrl,
  });
}

export function savedMenusWithdrawnMail(p: Common & { seller: string; menuNames: string[] }): MailContent {
  const count = p.menuNames.length;
  return compose({
    subject: count === 1 ? `"${p.menuNames[0]!}" is no longer offered` : `${count} of your saved menus are no longer offered`,
    greeting: hello(p.name),
    paragraphs: [
      `${p.seller} closed their account, so ${count === 1 ? 'this menu you saved is' : 'these menus you saved are'} no longer offered:`,
      ...p.menuNames.map((menuName) => `"${menuName}"`),
      "Each stays in your saved menus, marked 'No longer offered', with your notes and tags, until you remove it.",
    ],
    action: { label: 'Open your saved menus', url: p.url },
    reason: because('a seller whose menu you saved closes their account'),
    unsubscribeUrl: p.unsubscribeUrl,
  });
}
