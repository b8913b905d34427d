import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { formatMessage, type Language, SUCCESS_CODE } from '@dramastar/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from './language.js';

/** Bodies below this go out plain (app.ts compresses other answers from the same size). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

type Encoding = 'br' | 'gzip' | 'identity';

const encoders: Record<Exclude<Encoding, 'identity'>, (text: string) => Promise<Buffer>> = {
  br: (text) =>
    promisify(brotliCompress)(text, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      },
    }),
  gzip: (text) => promisify(gzip)(text, { level: 9 }),
};

/** The encoding to send: brotli, else gzip, when Accept-Encoding takes it (q > 0), else none. */
export function preferredEncoding(req: FastifyRequest): Encoding {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string' || req.headers['x-no-compression'] !== undefined) return 'identity';
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
}

/**
 * Sends answers kept by an answer cache (answer-cache.ts: `isSharedAnswer`). Many requests ask
 * for the same answer object until its cache lets it go, so its JSON is made once, and its
 * envelope once per language and encoding (brotli or gzip at a high level, which a per-request
 * compressor could not afford); the bytes go when the answer object does.
 */
export function sharedAnswerSender() {
  const byAnswer = new WeakMap<object, { json: string; bodies: Map<string, Promise<Buffer>> }>();

  return async function send(
    req: FastifyRequest,
    reply: FastifyReply,
    answer: object,
    toJson: () => string,
  ): Promise<FastifyReply> {
    let entry = byAnswer.get(answer);
    if (!entry) {
      entry = { json: toJson(), bodies: new Map() };
      byAnswer.set(answer, entry);
    }
    const lang: Language = requestLanguage(req);
    const plain = `{"code":${SUCCESS_CODE},"msg":${JSON.stringify(formatMessage(lang, 'Success'))},"data":${entry.json}}`;
    const encoding =
      Buffer.byteLength(plain) < COMPRESS_THRESHOLD_BYTES ? 'identity' : preferredEncoding(req);
    reply.code(SUCCESS_CODE).type('application/json; charset=utf-8');
    if (encoding === 'identity') return reply.send(plain);
    const key = `${lang} ${encoding}`;
    let body = entry.bodies.get(key);
    if (!body) {
      body = encoders[encoding](plain);
      entry.bodies.set(key, body);
    }
    return reply
      .header('content-encoding', encoding)
      .header('vary', 'accept-encoding')
      .send(await body);
  };
}
