/**
 * The frame every email shares: the product's name, the message, an optional
 * button, and a footer saying why the person gets it (with an unsubscribe
 * link for notifications). Each message has a plain-text and an HTML part.
 */
import { html } from 'hono/html';

export const PRODUCT_NAME = 'Wholesale Menus';

export type MailContent = { subject: string; text: string; html: string };

/** A paragraph, a list (an order's lines, what changed), or words someone wrote, kept as they wrote them (a note). */
export type MailBlock = string | { items: string[] } | { quote: string };

function textOf(block: MailBlock): string[] {
  if (typeof block === 'string') return [block, ''];
  if ('items' in block) return [...block.items.map((item) => `- ${item}`), ''];
  return [...block.quote.split('\n').map((line) => `> ${line}`), ''];
}

function htmlOf(block: MailBlock) {
  if (typeof block === 'string') return html`<p>${block}</p>`;
  if ('items' in block)
    return html`<ul style="padding-left:20px">
      ${block.items.map((item) => html`<li>${item}</li>`)}
    </ul>`;
  return html`<blockquote style="margin:0 0 16px;padding-left:12px;border-left:3px solid #e7e5e4;white-space:pre-wrap">${block.quote}</blockquote>`;
}

export type MailParts = {
  subject: string;
  greeting: string;
  paragraphs: MailBlock[];
  action?: { label: string; url: string };
  /** Why the person gets this email, in one sentence. */
  reason: string;
  /** For notifications: the link that turns this kind off. */
  unsubscribeUrl?: string;
};

export function compose(parts: MailParts): MailContent {
  const text = [
    PRODUCT_NAME,
    '',
    parts.greeting,
    '',
    ...parts.paragraphs.flatMap(textOf),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    '--',
    parts.reason,
    ...(parts.unsubscribeUrl ? [`Unsubscribe from these emails: ${parts.unsubscribeUrl}`] : []),
    '',
  ].join('\n');

  const body = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>${parts.subject}</title>
      </head>
      <body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
        <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
          <p style="margin:0 0 16px;font-size:18px;font-weight:bold;color:#166534">${PRODUCT_NAME}</p>
          <p>${parts.greeting}</p>
          ${parts.paragraphs.map(htmlOf)}
          ${
            parts.action
              ? html`<p style="margin:24px 0">
                    <a href="${parts.action.url}" style="background:#166534;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold"
                      >${parts.action.label}</a
                    >
                  </p>
                  <p style="font-size:12px;color:#57534e">Or open this link: ${parts.action.url}</p>`
              : ''
          }
          <hr style="border:none;border-top:1px solid #e7e5e4;margin:24px 0" />
          <p style="font-size:12px;color:#57534e">${parts.reason}</p>
          ${parts.unsubscribeUrl ? html`<p style="font-size:12px;color:#57534e"><a href="${parts.unsubscribeUrl}" style="color:#57534e">Unsubscribe from these emails</a></p>` : ''}
        </div>
      </body>
    </html> `;
  return { subject: parts.subject, text, html: body.toString() };
}
