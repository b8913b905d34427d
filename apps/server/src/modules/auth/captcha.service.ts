import { randomUUID } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { and, eq, gt, isNull } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { captchas } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { sha256Hex } from '../../security.js';

const TTL_MS = 5 * 60_000;

/** Makes the picture and its answer; tests give their own to know the answer. */
export type CaptchaGenerator = () => { text: string; svg: string };

export const svgCaptchaGenerator: CaptchaGenerator = () => {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- svg-captcha types its options as a class
  const { text, data } = svgCaptcha.create({
    size: 4,
    noise: 2,
    color: true,
    background: '#f4f4f5',
    ignoreChars: '0oO1iIlL',
    width: 120,
    height: 44,
  });
  return { text, svg: data };
};

const answerHash = (text: string) => sha256Hex(text.trim().toLowerCase());

export function createCaptchaService(db: Db, clock: Clock, generate: CaptchaGenerator) {
  return {
    /** A new captcha: `img` is a PNG in base64 (without a data: prefix). */
    async create(): Promise<{ uuid: string; img: string }> {
      const { text, svg } = generate();
      const png = new Resvg(svg, { fitTo: { mode: 'width', value: 240 } }).render().asPng();
      const now = clock.now();
      const uuid = randomUUID();
      await db.insert(captchas).values({
        id: uuid,
        answerHash: answerHash(text),
        createdAt: now,
        expiresAt: new Date(now.getTime() + TTL_MS),
      });
      return { uuid, img: Buffer.from(png).toString('base64') };
    },

    /** Single use whatever the answer: a wrong answer needs a new picture. Case does not matter. */
    async verify(uuid: string, answer: string): Promise<void> {
      const [used] = await db
        .update(captchas)
        .set({ consumedAt: clock.now() })
        .where(and(eq(captchas.id, uuid), isNull(captchas.consumedAt), gt(captchas.expiresAt, clock.now())))
        .returning({ answerHash: captchas.answerHash });
      if (!used || used.answerHash !== answerHash(answer))
        throw new AppError('WrongCaptcha', { field: 'code' });
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
