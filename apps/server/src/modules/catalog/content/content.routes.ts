import type {} from '@fastify/multipart';
import { adminContentApi } from '@dramastar/contract';
import type { Router } from '../../../http/route.js';
import { tenantScope } from '../../operator/operator.service.js';
import type { ContentAdmin } from './content-admin.service.js';
import type { ContentService } from './content.service.js';
import type { SubtitleService } from './subtitles.service.js';

/**
 * The console's Content calls (/admin-api/content/*): series, cover, publishing, banners, home
 * sections, episode uploads (multipart, streamed to a file, then a transcoding job), reorder and delete.
 * Every change writes its audit entry in the transaction of the change (content-admin.service.ts).
 */
export function contentRoutes(
  router: Router,
  deps: { content: ContentService; subtitles: SubtitleService; contentAdmin: ContentAdmin },
): void {
  const { content, contentAdmin } = deps;

  router.operator(adminContentApi.series, ({ operator, query }) =>
    content.list({ ...query, tenantIds: tenantScope(operator, query.tenantId) }),
  );

  router.operator(adminContentApi.seriesDetail, ({ operator, query }) =>
    content.detail(operator, query.seriesId),
  );

  router.operator(adminContentApi.createSeries, ({ operator, body }) =>
    contentAdmin.createSeries(operator, body),
  );

  router.operator(adminContentApi.updateSeries, ({ operator, body }) =>
    contentAdmin.updateSeries(operator, body),
  );

  router.operator(adminContentApi.uploadCover, ({ operator, body }) =>
    contentAdmin.uploadCover(operator, body.id, body.image),
  );

  router.operator(adminContentApi.setSeriesStatus, ({ operator, body }) =>
    contentAdmin.setStatus(operator, body.id, body.status),
  );

  router.operator(adminContentApi.setBanner, ({ operator, body }) =>
    contentAdmin.setBanner(operator, body.id, body.bannerOrder),
  );

  router.operator(adminContentApi.reorderEpisodes, ({ operator, body }) =>
    contentAdmin.reorderEpisodes(operator, body.seriesId, body.episodeIds),
  );

  router.operator(adminContentApi.deleteEpisode, ({ operator, body }) =>
    contentAdmin.deleteEpisode(operator, body.episodeId),
  );

  router.operator(adminContentApi.subtitles, ({ operator, body }) =>
    deps.subtitles.list(operator, body.episodeId),
  );

  router.operator(adminContentApi.checkSubtitle, async ({ body }) => deps.subtitles.checkText(body.text));

  router.operator(adminContentApi.uploadSubtitle, ({ operator, body }) =>
    contentAdmin.uploadSubtitle(operator, body),
  );

  router.operator(adminContentApi.subtitlePreview, ({ operator, body }) =>
    deps.subtitles.preview(operator, body.episodeId, body.language),
  );

  router.operator(adminContentApi.deleteSubtitle, ({ operator, body }) =>
    contentAdmin.deleteSubtitle(operator, body),
  );

  router.operator(adminContentApi.homeSections, ({ operator, query }) =>
    content.homeSections(operator, query.tenantId),
  );

  router.operator(adminContentApi.saveHomeSections, ({ operator, body }) =>
    contentAdmin.saveHomeSections(operator, body.tenantId, body.sections),
  );

  router.operator(adminContentApi.sectionSeries, ({ operator, query }) =>
    content.sectionSeries(operator, query.tenantId),
  );

  router.operator(adminContentApi.jobs, ({ operator, query }) => contentAdmin.jobs(operator, query));

  router.operator(adminContentApi.uploadUrl, ({ operator, body }) => contentAdmin.uploadUrl(operator, body));

  router.operator(adminContentApi.uploadDone, ({ operator, body }) =>
    contentAdmin.uploadDone(operator, body),
  );

  // Not multipart: no file (the same refusal as a request without one).
  router.operator(adminContentApi.uploadEpisode, ({ operator, query, req }) =>
    contentAdmin.uploadEpisode(operator, query, async (limits) =>
      req.isMultipart() ? req.file({ limits, throwFileSizeLimit: false }) : undefined,
    ),
  );
}
