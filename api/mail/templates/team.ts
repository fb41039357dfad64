/** Emails about a team: an invitation to join one. */
import { compose, PRODUCT_NAME, type MailContent } from './layout';

export function teamInvitationMail(p: { teamName: string; inviterName: string; role: string; url: string; validDays: number }): MailContent {
  return compose({
    subject: `${p.inviterName} invites you to ${p.teamName} on ${PRODUCT_NAME}`,
    greeting: 'Hello,',
    paragraphs: [
      `${p.inviterName} invites you to join ${p.teamName} on ${PRODUCT_NAME} as ${p.role === 'owner' ? 'an' : 'a'} ${p.role}.`,
      `Sign in or sign up with this email address to join. The link works once and for ${p.validDays} days.`,
    ],
    action: { label: `Join ${p.teamName}`, url: p.url },
    reason: `You get this email because a member of ${p.teamName} invited this address to their team.`,
  });
}
