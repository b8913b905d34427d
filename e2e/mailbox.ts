import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the end-to-end run. The app sends its e-mails here; each one is
 * appended as a JSON line to `file`, where tests (in other processes) read the codes.
 */
export async function startMailbox(file: string): Promise<{ url: string; stop(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const body = raw
          .replace(/=\r?\n/g, '')
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        appendFileSync(file, `${JSON.stringify({ to, code: /\b(\d{6})\b/.exec(body)?.[1] ?? null })}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The newest code sent to `to`, waiting up to 10 s for it to arrive. */
export async function codeFor(to: string, after = 0): Promise<string> {
  const file = process.env.E2E_MAILBOX ?? '';
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
    const mails = lines.slice(after).map((l) => JSON.parse(l) as { to: string[]; code: string | null });
    const mail = mails.reverse().find((m) => m.to.includes(to.toLowerCase()) && m.code);
    if (mail?.code) return mail.code;
    if (Date.now() > deadline) throw new Error(`no code reached ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** How many e-mails arrived so far (to wait for a newer one than these). */
export function mailCount(): number {
  const file = process.env.E2E_MAILBOX ?? '';
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).length : 0;
}
