import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The 6-digit code the message carries. */
  code: string | null;
}

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpServer(): Promise<{
  url: string;
  mails: ReceivedMail[];
  stop(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const body = raw.replace(/=\r?\n/g, '');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          code:
            /\b(\d{6})\b/.exec(
              body
                .split(/\r?\n\r?\n/)
                .slice(1)
                .join('\n'),
            )?.[1] ?? null,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The newest code sent to an address. */
export function lastCode(mails: ReceivedMail[], to: string): string {
  const mail = [...mails].reverse().find((m) => m.to.includes(to.toLowerCase()));
  if (!mail?.code) throw new Error(`no code was sent to ${to}`);
  return mail.code;
}
