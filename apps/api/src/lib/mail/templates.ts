import { PRODUCT_NAME } from '@fourfour/shared/constants';

export interface MailContent {
  subject: string;
  /** Short heading shown at the top of the message. */
  heading: string;
  paragraphs: string[];
  /** A highlighted value such as a verification code. */
  code?: string;
  action?: { label: string; url: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Every message carries the product's name and the support address, in text and HTML. */
export function renderMail(content: MailContent, supportEmail: string): RenderedMail {
  const footer = `${PRODUCT_NAME} · Questions? Write to ${supportEmail}`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [content.code, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '—',
    footer,
  ].join('\n');

  const html = `<!doctype html><html><body style="margin:0;background:#0b0b12;font-family:Arial,Helvetica,sans-serif;color:#f1f1f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#15151f;border-radius:12px">
<tr><td style="padding:24px 28px;border-bottom:1px solid #2a2a3a;font-size:22px;font-weight:bold;letter-spacing:2px;color:#e040fb">${PRODUCT_NAME.toUpperCase()}</td></tr>
<tr><td style="padding:24px 28px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${content.code ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;margin:20px 0;color:#ffffff">${escapeHtml(content.code)}</p>` : ''}
${content.action ? `<p style="margin:20px 0"><a href="${escapeHtml(content.action.url)}" style="background:#e040fb;color:#0b0b12;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p><p style="font-size:12px;color:#a0a0b8">Or open this link: ${escapeHtml(content.action.url)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #2a2a3a;font-size:12px;color:#a0a0b8">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;

  return { subject: content.subject, text, html };
}
