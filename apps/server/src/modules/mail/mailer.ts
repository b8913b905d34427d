import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { desc, eq } from 'drizzle-orm';
import { devOutbox } from '../../db/schema/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The verification code the message carries, kept apart by the development outbox. */
  code?: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Real delivery over SMTP (`SMTP_URL`). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
    close: () => transport.close(),
  };
}

/**
 * Development only (no SMTP, not production): the message is logged and kept in the database,
 * readable at /dev/mail and, as JSON, at /dev/outbox?to=… .
 */
export function createOutboxMailer(db: Db, clock: Clock, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send({ to, subject, text, code }) {
      await db.insert(devOutbox).values({ to, subject, text, code: code ?? null, createdAt: clock.now() });
      log.info({ to, subject }, 'e-mail kept in the development outbox (/dev/mail)');
    },
    close: () => undefined,
  };
}

/** The development outbox (no SMTP server): the last 50 e-mails, newest first, to one address or all. */
export async function readOutbox(db: Db, to: string | undefined) {
  const rows = await db
    .select()
    .from(devOutbox)
    .where(to ? eq(devOutbox.to, to) : undefined)
    .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
    .limit(50);
  return rows.map((r) => ({
    id: String(r.id),
    to: r.to,
    subject: r.subject,
    text: r.text,
    code: r.code,
    createdAt: r.createdAt.toISOString(),
  }));
}
