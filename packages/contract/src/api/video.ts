import { z } from 'zod';
import { defineCall } from '../call.js';
import { tenantIdSchema } from '../validation.js';

const id = z.coerce.number().int().positive();
const tenantQuery = z.object({ tenantId: tenantIdSchema.optional() });

export const videoCalls = {
  favoriting: defineCall({ path: '/sv/favoriting', auth: 'user' }),
  myFavo: defineCall({ path: '/sv/myFavo/:userId', auth: 'user', params: z.object({ userId: id }) }),
  myFavoList: defineCall({ path: '/sv/myFavoList/:id', auth: 'user', params: z.object({ id }) }),
  homeSeries: defineCall({ path: '/sv/homeSeries', auth: 'guest', query: tenantQuery }),
  page: defineCall({
    path: '/sv/page',
    auth: 'guest',
    query: tenantQuery.extend({ keyword: z.string().trim().max(100).optional() }),
  }),
  addViewHis: defineCall({
    path: '/sv/addViewHis',
    auth: 'user',
    query: z.object({ seriesId: id, videoId: id, progress: z.coerce.number().min(0) }),
  }),
  deleteViewHis: defineCall({ path: '/sv/deleteViewHis', auth: 'user', query: z.object({ seriesId: id }) }),
  queryViewHis: defineCall({ path: '/sv/queryViewHis', auth: 'user' }),
  liking: defineCall({ path: '/sv/liking', auth: 'user' }),
  videos: defineCall({ path: '/sv/videos/:seriesId', auth: 'guest', params: z.object({ seriesId: id }) }),
  allSeries: defineCall({ path: '/sv/allSeries', auth: 'guest', query: tenantQuery }),
  myLikes: defineCall({ path: '/sv/myLikes/:userId', auth: 'user', params: z.object({ userId: id }) }),
};
