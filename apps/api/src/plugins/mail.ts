import { desc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { DbOrTx } from '../db/client.ts';
import { devMailbox } from '../db/schema/index.ts';
import { isLocalRequest } from '../lib/local-request.ts';
import { type MailContent, renderMail } from '../lib/mail/templates.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Base64 so the message survives the job queue's JSON. */
  contentBase64: string;
  /** Inline images referenced from the HTML as cid:<cid>. */
  cid?: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Renders the product's template and queues the message: an SMTP outage delays mail, loses none. */
  send(to: string, content: MailContent, options?: { attachments?: MailAttachment[]; tx?: DbOrTx }): Promise<void>;
  /** Queues an already rendered message. */
  sendRaw(mail: OutgoingMail, options?: { tx?: DbOrTx }): Promise<void>;
  transport: 'smtp' | 'dev-mailbox';
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

const MAIL_QUEUE = 'mail.send';

export default fp(
  async (app) => {
    const { smtpUrl, mailFrom, supportEmail, isProduction, devMailbox: mailboxMode } = app.config;
    const transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;

    const transport = transporter ? 'smtp' : 'dev-mailbox';
    const deliver = async (mail: OutgoingMail) => {
      if (transporter) {
        await transporter.sendMail({
          from: mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
            cid: a.cid,
          })),
        });
        return;
      }
      const [row] = await app.db
        .insert(devMailbox)
        .values({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            size: Math.floor((a.contentBase64.length * 3) / 4),
          })),
        })
        .returning({ id: devMailbox.id });
      app.log.info({ mailId: row?.id, subject: mail.subject }, 'mail stored in the dev mailbox (/dev/mailbox)');
    };
    app.jobs.define<OutgoingMail>({
      name: MAIL_QUEUE,
      handler: async (mail) => {
        try {
          await deliver(mail);
        } catch (err) {
          app.metrics.mail.inc({ result: 'failed', transport });
          throw err;
        }
        app.metrics.mail.inc({ result: 'sent', transport });
      },
    });

    const mailer: Mailer = {
      transport,
      async sendRaw(mail, options = {}) {
        await app.jobs.send(MAIL_QUEUE, mail, { tx: options.tx });
      },
      async send(to, content, options = {}) {
        const rendered = renderMail(content, supportEmail);
        await mailer.sendRaw({ to, ...rendered, attachments: options.attachments }, { tx: options.tx });
      },
    };
    app.decorate('mail', mailer);
    app.addHook('onClose', async () => transporter?.close());

    if (isProduction || mailboxMode === 'off') return;
    // The dev mailbox: every message the product "sent", newest first (never in production). It
    // holds verification codes and reset links, so by default only this machine may read it: the
    // socket's peer is a loopback address and no proxy relayed the request for someone else.
    const mailboxAccess = {
      // No account opens or closes it: who may read it is DEV_MAILBOX's, checked below.
      config: { access: 'public' as const },
      schema: { hide: true },
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        if (mailboxMode === 'on' || isLocalRequest(request)) return;
        return reply.status(404).type('text/plain').send('Not found.');
      },
    };
    app.get('/dev/mailbox', mailboxAccess, async (_request, reply) => {
      const rows = await app.db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(200);
      const esc = (s: string) =>
        s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
      const items = rows
        .map(
          (m) =>
            `<article><header><strong>${esc(m.subject)}</strong><br><small>To ${esc(m.to)} · ${m.createdAt.toISOString()}${m.attachments?.length ? ` · ${m.attachments.length} attachment(s)` : ''}</small></header><pre>${esc(m.text)}</pre><a href="/dev/mailbox/${m.id}.html">HTML version</a></article>`,
        )
        .join('');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox</title><style>body{font-family:system-ui,sans-serif;background:#0b0b12;color:#eee;max-width:900px;margin:auto;padding:16px}article{background:#17171f;border-radius:8px;padding:12px 16px;margin:12px 0}pre{white-space:pre-wrap}a{color:#e040fb}</style></head><body><h1>Dev mailbox</h1><p>Mail the product sent while no SMTP_URL is set.</p>${items || '<p>No messages yet.</p>'}</body></html>`,
        );
    });
    app.get<{ Params: { id: string } }>('/dev/mailbox/:id.html', mailboxAccess, async (request, reply) => {
      const id = Number(request.params.id);
      const [row] = Number.isSafeInteger(id) ? await app.db.select().from(devMailbox).where(eq(devMailbox.id, id)) : [];
      if (!row) return reply.status(404).type('text/plain').send('No such message.');
      return reply.type('text/html; charset=utf-8').send(row.html ?? `<pre>${row.text}</pre>`);
    });
    app.get<{ Querystring: { to?: string } }>('/dev/mailbox/messages.json', mailboxAccess, async (request) => {
      const to = request.query.to?.trim().toLowerCase();
      const query = app.db.select().from(devMailbox);
      const rows = await (to ? query.where(eq(devMailbox.to, to)) : query).orderBy(desc(devMailbox.id)).limit(100);
      return rows;
    });
  },
  { name: 'mail', dependencies: ['jobs', 'db', 'config', 'metrics'] },
);
