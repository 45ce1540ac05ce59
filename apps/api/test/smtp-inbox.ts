import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp, waitFor } from './helpers.ts';

export interface SmtpInbox {
  /** Give the app `SMTP_URL: smtp://127.0.0.1:<port>`. */
  port: number;
  /** Every message as it arrived, oldest first. */
  messages: { to: string; raw: string }[];
  /** The nth message to this address (1 = first), waited for and quoted-printable decoded. */
  mailTo(to: string, nth?: number): Promise<string>;
  close(): void;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read codes and links. */
const decodeQp = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** A real SMTP server on 127.0.0.1 for a test file, so mail is read as it arrived. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: { to: string; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c) => (raw += c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo[0]?.address ?? '', raw });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  return {
    port: (server.server.address() as { port: number }).port,
    messages,
    mailTo: (to, nth = 1) =>
      waitFor(async () => {
        const mails = messages.filter((m) => m.to === to);
        return mails.length >= nth ? decodeQp(mails[nth - 1]?.raw ?? '') : undefined;
      }),
    close: () => server.close(),
  };
}

/**
 * A test app whose mail goes over SMTP to an inbox started for it (rate limits off, https public
 * URL), for files that read codes and links from the mail as it arrived. `close` stops both.
 */
export async function createTestAppWithInbox(): Promise<{ t: TestApp; smtp: SmtpInbox; close: () => Promise<void> }> {
  const smtp = await startSmtpInbox();
  const t = await createTestApp({
    env: { RATE_LIMIT: 'off', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://fourfour.example' },
  });
  return {
    t,
    smtp,
    close: async () => {
      await t.close();
      smtp.close();
    },
  };
}
