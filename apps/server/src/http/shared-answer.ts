import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { formatMessage, type Language, SUCCESS_CODE } from '@dramastar/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { headerMemo } from './header-memo.js';

/** Bodies below this go out plain (app.ts compresses other answers from the same size). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

type Encoding = 'br' | 'gzip' | 'identity';

const encoders: Record<Exclude<Encoding, 'identity'>, (plain: Buffer) => Promise<Buffer>> = {
  br: (plain) =>
    promisify(brotliCompress)(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
  gzip: (plain) => promisify(gzip)(plain, { level: 9 }),
};

/** The encoding an Accept-Encoding header picks: brotli, else gzip, when it takes it (q > 0), else none. */
const encodingOf = headerMemo((header: string): Encoding => {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return 'identity';
});

/** The encoding to send: brotli, else gzip, when Accept-Encoding takes it (q > 0), else none. */
export function preferredEncoding(req: FastifyRequest): Encoding {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string' || req.headers['x-no-compression'] !== undefined) return 'identity';
  return encodingOf(header);
}

/** An answer's bytes in one language: plain, and compressed once per encoding when asked. */
interface Envelope {
  plain: Buffer;
  /** Absent below COMPRESS_THRESHOLD_BYTES (such answers always go plain). */
  encoded?: Partial<Record<Exclude<Encoding, 'identity'>, Promise<Buffer> | Buffer>>;
}

/**
 * Sends answers kept by an answer cache (answer-cache.ts: `isSharedAnswer`). Many requests ask
 * for the same answer object until its cache lets it go, so its JSON is made once, and its
 * envelope's bytes once per language and encoding (brotli or gzip at a high level, which a
 * per-request compressor could not afford); the bytes go when the answer object does.
 */
export function sharedAnswerSender() {
  const byAnswer = new WeakMap<object, { json: string; envelopes: Partial<Record<Language, Envelope>> }>();

  return async function send(
    req: FastifyRequest,
    reply: FastifyReply,
    answer: object,
    lang: Language,
    toJson: () => string,
  ): Promise<FastifyReply> {
    let entry = byAnswer.get(answer);
    if (!entry) {
      entry = { json: toJson(), envelopes: {} };
      byAnswer.set(answer, entry);
    }
    let envelope = entry.envelopes[lang];
    if (!envelope) {
      const plain = Buffer.from(
        `{"code":${SUCCESS_CODE},"msg":${JSON.stringify(formatMessage(lang, 'Success'))},"data":${entry.json}}`,
      );
      envelope = plain.length < COMPRESS_THRESHOLD_BYTES ? { plain } : { plain, encoded: {} };
      entry.envelopes[lang] = envelope;
    }
    reply.code(SUCCESS_CODE).type('application/json; charset=utf-8');
    const { encoded } = envelope;
    const encoding = encoded ? preferredEncoding(req) : 'identity';
    if (!encoded || encoding === 'identity') return reply.send(envelope.plain);
    let body = encoded[encoding];
    if (!body) {
      const made = encoders[encoding](envelope.plain);
      encoded[encoding] = made;
      // Later requests take the bytes without waiting a turn.
      body = made.then((bytes) => (encoded[encoding] = bytes));
    }
    return reply
      .header('content-encoding', encoding)
      .header('vary', 'accept-encoding')
      .send(body instanceof Buffer ? body : await body);
  };
}
