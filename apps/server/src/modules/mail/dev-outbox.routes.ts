import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { validationError } from '../../http/envelope.js';
import { readOutbox } from './mailer.js';

const query = z.object({ to: z.string().trim().toLowerCase().max(254).optional() });

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Development only (registered when there is no SMTP server and NODE_ENV is not production):
 * the e-mails the app "sent", newest first — JSON at /dev/outbox?to=…, a page at /dev/mail.
 */
export function devOutboxRoutes(app: FastifyInstance, db: Db): void {
  async function list(raw: unknown) {
    const parsed = query.safeParse(raw);
    if (!parsed.success) throw validationError(parsed.error.issues, 'query');
    return readOutbox(db, parsed.data.to);
  }

  app.get('/dev/outbox', async (req) => list(req.query));

  app.get('/dev/mail', async (req, reply) => {
    const mails = await list(req.query);
    const items = mails
      .map(
        (m) => `<article><header><b>${escape(m.to)}</b> · ${escape(m.createdAt)}</header>
<h2>${escape(m.subject)}</h2>${m.code ? `<p class="code">${m.code}</p>` : ''}<p>${escape(m.text)}</p></article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="5">
<title>DramaStar development mailbox</title>
<style>body{font:15px system-ui;background:#000;color:#eee;margin:0;padding:16px;max-width:640px}
article{background:#161616;border-radius:12px;padding:12px 16px;margin:12px 0}h2{font-size:16px}
.code{font-size:32px;letter-spacing:6px;color:#ff4d6d;margin:4px 0}header{color:#999;font-size:13px}</style></head>
<body><h1>Development mailbox</h1><p>E-mails are kept here because no SMTP server is configured
(SMTP_URL). This page does not exist in production. It refreshes every 5 seconds.</p>
${items || '<p>No e-mails yet.</p>'}</body></html>`);
  });
}
