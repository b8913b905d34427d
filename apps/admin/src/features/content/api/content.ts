import {
  adminContentApi,
  buildPath,
  type CallBody,
  type CallResult,
  SUCCESS_CODE,
  type TranscodeJob,
} from '@dramastar/contract';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ErrorBody } from '../../../shared/api/api-error';
import { queryString, refusalText, request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session';
import { isActiveJob } from '../content-format';

export type SeriesRow = CallResult<typeof adminContentApi.series>['list'][number];
export type SeriesQuery = z.output<(typeof adminContentApi.series)['query']>;
export type JobsQuery = z.output<(typeof adminContentApi.jobs)['query']>;
export type CreateSeriesBody = CallBody<typeof adminContentApi.createSeries>;
export type UpdateSeriesBody = CallBody<typeof adminContentApi.updateSeries>;

export const contentQueryKey = ['admin', 'content'] as const;

export function useSeriesList(query: SeriesQuery) {
  return useQuery({
    queryKey: [...contentQueryKey, 'series', query],
    queryFn: ({ signal }) => request(adminContentApi.series, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSeriesDetail(seriesId: number | null) {
  return useQuery({
    queryKey: [...contentQueryKey, 'detail', seriesId],
    queryFn: ({ signal }) =>
      request(adminContentApi.seriesDetail, { query: { seriesId: seriesId ?? 0 }, signal }),
    enabled: seriesId !== null,
  });
}

const active = (jobs: readonly TranscodeJob[] | undefined) => (jobs ?? []).some(isActiveJob);

/**
 * Transcoding jobs, re-read every second while one is queued or running (live progress that
 * works whichever instance runs the job). When a job finishes, the series' episodes are re-read.
 */
export function useJobs(query: JobsQuery, enabled = true) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...contentQueryKey, 'jobs', query],
    queryFn: async ({ signal }) => {
      const answer = await request(adminContentApi.jobs, { query, signal });
      const previous = client.getQueryData<typeof answer>([...contentQueryKey, 'jobs', query]);
      const finished = previous?.list.some(
        (p) => isActiveJob(p) && answer.list.some((j) => j.id === p.id && !isActiveJob(j)),
      );
      if (finished) {
        void client.invalidateQueries({ queryKey: [...contentQueryKey, 'detail'] });
        void client.invalidateQueries({ queryKey: [...contentQueryKey, 'series'] });
      }
      return answer;
    },
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (active(q.state.data?.list) ? 1000 : false),
  });
}

function useContentMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: contentQueryKey }),
  });
}

export const useCreateSeries = () =>
  useContentMutation((body: CreateSeriesBody) => request(adminContentApi.createSeries, { body }));
export const useUpdateSeries = () =>
  useContentMutation((body: UpdateSeriesBody) => request(adminContentApi.updateSeries, { body }));
export const useUploadCover = () =>
  useContentMutation((body: CallBody<typeof adminContentApi.uploadCover>) =>
    request(adminContentApi.uploadCover, { body }),
  );
export const useSetStatus = () =>
  useContentMutation((body: CallBody<typeof adminContentApi.setSeriesStatus>) =>
    request(adminContentApi.setSeriesStatus, { body }),
  );
export const useSetBanner = () =>
  useContentMutation((body: CallBody<typeof adminContentApi.setBanner>) =>
    request(adminContentApi.setBanner, { body }),
  );
export const useReorderEpisodes = () =>
  useContentMutation((body: CallBody<typeof adminContentApi.reorderEpisodes>) =>
    request(adminContentApi.reorderEpisodes, { body }),
  );
export const useDeleteEpisode = () =>
  useContentMutation((body: CallBody<typeof adminContentApi.deleteEpisode>) =>
    request(adminContentApi.deleteEpisode, { body }),
  );

/** A tenant's home sections (the four built-in ones when it has stored none). */
export function useHomeSections(tenantId: string) {
  return useQuery({
    queryKey: [...contentQueryKey, 'sections', tenantId],
    queryFn: ({ signal }) => request(adminContentApi.homeSections, { query: { tenantId }, signal }),
  });
}

/** The tenant's series a custom section may list (drafts too). */
export function useSectionSeries(tenantId: string) {
  return useQuery({
    queryKey: [...contentQueryKey, 'section-series', tenantId],
    queryFn: ({ signal }) => request(adminContentApi.sectionSeries, { query: { tenantId }, signal }),
  });
}

/** Saves the whole ordered list of a tenant's home sections. */
export const useSaveHomeSections = () =>
  useContentMutation((body: CallBody<typeof adminContentApi.saveHomeSections>) =>
    request(adminContentApi.saveHomeSections, { body }),
  );

/** A file as a data URL (covers go as JSON). */
export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsDataURL(file);
  });
}

/**
 * Uploads an episode video as multipart/form-data (XMLHttpRequest, for the upload's progress);
 * answers the queued transcoding job, or rejects with an ApiError holding the refusal.
 */
export function uploadEpisodeFile(
  input: { seriesId: number; episodeId?: number | undefined; file: File },
  onProgress: (fraction: number) => void,
): Promise<TranscodeJob> {
  const call = adminContentApi.uploadEpisode;
  const query = { seriesId: input.seriesId, episodeId: input.episodeId };
  const url = `${call.prefix}${buildPath(call.path)}${queryString(query)}`;
  const form = new FormData();
  form.append('file', input.file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = useSession.getState().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('content-language', 'en');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError('network', `The server did not answer (${url})`));
    xhr.onload = () => {
      let answer: (ErrorBody & { data?: unknown }) | null = null;
      try {
        answer = JSON.parse(xhr.responseText) as ErrorBody & { data?: unknown };
      } catch {
        answer = null;
      }
      if (!answer || typeof answer.code !== 'number') {
        reject(
          new ApiError('network', `No valid answer from ${url} (HTTP ${xhr.status})`, { code: xhr.status }),
        );
        return;
      }
      if (answer.code === SUCCESS_CODE) {
        const parsed = call.response.safeParse(answer.data);
        if (parsed.success) resolve(parsed.data);
        else
          reject(new ApiError('network', 'The upload answer does not match the contract', { body: answer }));
        return;
      }
      if (answer.code === 401) useSession.getState().clear();
      reject(new ApiError('api', refusalText(answer), { code: answer.code, body: answer }));
    };
    xhr.send(form);
  });
}

const DIRECT_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
type DirectType = (typeof DIRECT_TYPES)[number];
const isDirectType = (type: string): type is DirectType => (DIRECT_TYPES as readonly string[]).includes(type);

/** PUTs the file to a presigned object-storage address, reporting progress. */
function putToStore(url: string, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', file.type);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError('network', 'The media store did not answer'));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new ApiError('network', `The media store refused the upload (HTTP ${xhr.status})`));
    };
    xhr.send(file);
  });
}

/**
 * Uploads an episode video: straight to the object store by a presigned PUT when the server uses
 * one (the bytes never pass through an instance), else as multipart to the server.
 */
export async function uploadEpisode(
  input: { seriesId: number; episodeId?: number | undefined; file: File },
  onProgress: (fraction: number) => void,
): Promise<TranscodeJob> {
  if (isDirectType(input.file.type)) {
    const ticket = await request(adminContentApi.uploadUrl, {
      body: { seriesId: input.seriesId, contentType: input.file.type, size: input.file.size },
    });
    if (ticket.direct && ticket.url && ticket.key) {
      await putToStore(ticket.url, input.file, onProgress);
      return request(adminContentApi.uploadDone, {
        body: { seriesId: input.seriesId, episodeId: input.episodeId, key: ticket.key },
      });
    }
  }
  return uploadEpisodeFile(input, onProgress);
}

export function useUploadEpisode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: {
      seriesId: number;
      episodeId?: number | undefined;
      file: File;
      onProgress: (fraction: number) => void;
    }) => uploadEpisode(args, args.onProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: [...contentQueryKey, 'jobs'] }),
  });
}

/** An episode's subtitle tracks. */
export function useSubtitles(episodeId: number) {
  return useQuery({
    queryKey: [...contentQueryKey, 'subtitles', episodeId],
    queryFn: ({ signal }) => request(adminContentApi.subtitles, { body: { episodeId }, signal }),
  });
}

/** Checks a subtitle file without saving it: its first cues (the preview before saving). */
export const checkSubtitle = (text: string) => request(adminContentApi.checkSubtitle, { body: { text } });

/** The first cues of a saved track, read back from the store. */
export const subtitlePreview = (episodeId: number, language: string) =>
  request(adminContentApi.subtitlePreview, { body: { episodeId, language } });

export const useUploadSubtitle = () =>
  useContentMutation((body: CallBody<typeof adminContentApi.uploadSubtitle>) =>
    request(adminContentApi.uploadSubtitle, { body }),
  );
export const useDeleteSubtitle = () =>
  useContentMutation((body: CallBody<typeof adminContentApi.deleteSubtitle>) =>
    request(adminContentApi.deleteSubtitle, { body }),
  );
