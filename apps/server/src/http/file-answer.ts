import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A handler's answer that is a file rather than the JSON envelope: its chunks are streamed to the
 * client as they are made (an export never holds the whole table), as an attachment.
 */
export class FileAnswer {
  constructor(
    readonly filename: string,
    readonly contentType: string,
    readonly chunks: AsyncIterable<string>,
  ) {}

  [Symbol.asyncIterator](): AsyncIterator<string> {
    return this.chunks[Symbol.asyncIterator]();
  }
}

export function sendFile(reply: FastifyReply, file: FileAnswer): FastifyReply {
  return reply
    .code(200)
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(file.chunks, { objectMode: false }));
}
