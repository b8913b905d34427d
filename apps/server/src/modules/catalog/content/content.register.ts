import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../clock.js';
import type { Db } from '../../../db/client.js';
import type { Router } from '../../../http/route.js';
import type { MediaStorage } from '../../../media/storage.js';
import type { OperatorService } from '../../operator/operator.service.js';
import { createContentAdmin } from './content-admin.service.js';
import type { ContentService } from './content.service.js';
import { contentRoutes } from './content.routes.js';
import { createSubtitleService } from './subtitles.service.js';
import { createTranscodeWorker } from './transcode.worker.js';

/**
 * The console's content (/admin-api/content): uploads arrive as multipart (streamed to a file);
 * transcoding runs in a worker, nudged after an upload when this instance runs the jobs.
 */
export async function registerContent(
  app: FastifyInstance,
  router: Router,
  deps: {
    db: Db;
    clock: Clock;
    storage: MediaStorage;
    operators: OperatorService;
    content: ContentService;
    /** Largest accepted video upload in bytes. */
    videoMaxBytes: number;
    /** Whether this instance runs the periodic jobs (then an upload nudges its worker). */
    jobs: boolean;
    /** Told after each committed change of a tenant's content (cached catalogue answers go). */
    catalogChanged: (tenantId: string) => Promise<void>;
  },
) {
  const { db, clock, storage, content, catalogChanged } = deps;
  await app.register(fastifyMultipart);
  const transcoder = createTranscodeWorker({ db, clock, storage, log: app.log, catalogChanged });
  const subtitles = createSubtitleService({ db, clock, storage });
  contentRoutes(router, {
    content,
    subtitles,
    contentAdmin: createContentAdmin({
      db,
      operators: deps.operators,
      content,
      subtitles,
      storage,
      videoMaxBytes: deps.videoMaxBytes,
      kick: deps.jobs ? () => void transcoder.drain() : undefined,
      catalogChanged,
    }),
  });
  return { transcoder };
}
