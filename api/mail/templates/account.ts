/** Emails about the account itself: sent whatever the notification settings, since the person asked for them. */
import { compose, PRODUCT_NAME, type MailContent } from './layout';

const hello = (name: string) => `Hello ${name},`;

export function passwordResetMail(p: { name: string; url: string; validMinutes: number }): MailContent {
  return compose({
    subject: `Reset your ${PRODUCT_NAME} password`,
    greeting: hello(p.name),
    paragraphs: [
      'Someone asked to reset the password of your account. Choose a new password with the link below.',
      `The link works once and for ${p.validMinutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
    ],
    action: { label: 'Choose a new password', url: p.url },
    reason: `You get this email because a password reset was requested for the ${PRODUCT_NAME} account with this address.`,
  });
}

export function welcomeMail(p: { name: string; confirmUrl: string }): MailContent {
  return compose({
    subject: `Welcome to ${PRODUCT_NAME}: please confirm your email`,
    greeting: hello(p.name),
    paragraphs: ['Your account is ready. Please confirm that this address is yours, so we can reach you about your account.'],
    action: { label: 'Confirm my email', url: p.confirmUrl },
    reason: `You get this email because an account was created on ${PRODUCT_NAME} with this address.`,
  });
}

export function registrationClaimMail(p: { name: string; url: string; heldSince: string; validHours: number }): MailContent {
  return compose({
    subject: `Finish creating your ${PRODUCT_NAME} account`,
    greeting: hello(p.name),
    paragraphs: [
      `Someone asked to create a ${PRODUCT_NAME} account with this address. An account made with it on ${p.heldSince} never confirmed it.`,
      'If the new account is yours, follow the link below: it creates the account, and the unconfirmed one loses this address and can no longer sign in. If that earlier account is yours and you want to keep it, sign in to it or reset its password instead.',
      `The link works once and for ${p.validHours} hours. If you did not ask for an account, ignore this email: nothing changes.`,
    ],
    action: { label: 'Create my account', url: p.url },
    reason: `You get this email because an account was asked for on ${PRODUCT_NAME} with this address.`,
  });
}

export function confirmAddressMail(p: { name: string; confirmUrl: string }): MailContent {
  return compose({
    subject: `Confirm your ${PRODUCT_NAME} email address`,
    greeting: hello(p.name),
    paragraphs: ['Here is a new link to confirm that this address is yours. Earlier links no longer work.'],
    action: { label: 'Confirm my email', url: p.confirmUrl },
    reason: `You get this email because you asked for a new confirmation link for your ${PRODUCT_NAME} account.`,
  });
}

export function confirmNewEmailMail(p: { name: string; confirmUrl: string; validHours: number }): MailContent {
  return compose({
    subject: `Confirm your new ${PRODUCT_NAME} email address`,
    greeting: hello(p.name),
    paragraphs: [
      'You asked to use this address for your account. It takes effect once you confirm it, and your other devices are then signed out.',
      `The link works once and for ${p.validHours} hours. If you did not ask for it, ignore this email: nothing changes.`,
    ],
    action: { label: 'Confirm this address', url: p.confirmUrl },
    reason: `You get this email because this address was entered as the new email of a ${PRODUCT_NAME} account.`,
  });
}

export function emailChangeNoticeMail(p: { name: string; newEmail: string }): MailContent {
  return compose({
    subject: `Your ${PRODUCT_NAME} email address is changing`,
    greeting: hello(p.name),
    paragraphs: [
      `Someone asked to change your account's email address to ${p.newEmail}. It changes once that address is confirmed.`,
      'If this was not you, change your password now: that cancels the change.',
    ],
    reason: `You get this email because it is the address of a ${PRODUCT_NAME} account.`,
  });
}

export function emailChangedMail(p: { name: string; newEmail: string; supportEmail?: string }): MailContent {
  return compose({
    subject: `Your ${PRODUCT_NAME} email address was changed`,
    greeting: hello(p.name),
    paragraphs: [
      `Your account's email address is now ${p.newEmail}: sign in with it from now on. Every other device was signed out.`,
      p.supportEmail ? `If this was not you, write to ${p.supportEmail} at once.` : 'If this was not you, contact us at once.',
    ],
    reason: `You get this email because this was the address of a ${PRODUCT_NAME} account.`,
  });
}

export function passwordChangedMail(p: { name: string }): MailContent {
  return compose({
    subject: `Your ${PRODUCT_NAME} password was changed`,
    greeting: hello(p.name),
    paragraphs: ['The password of your account was just changed and every other device was signed out.', 'If this was not you, reset your password now.'],
    reason: `You get this email because it is the address of a ${PRODUCT_NAME} account.`,
  });
}

export function accountClosedMail(p: { name: string }): MailContent {
  return compose({
    subject: `Your ${PRODUCT_NAME} account was deleted`,
    greeting: hello(p.name),
    paragraphs: ['Your account and everything it held were deleted, as you asked. Thank you for using us.'],
    reason: `You get this email because it was the address of a ${PRODUCT_NAME} account.`,
  });
}
