import { api } from '@dramastar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { dramaKeys } from './keys';

/** Removes a series from the watch list. */
export function useDeleteHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seriesId: number) => request(api.video.deleteViewHis, { query: { seriesId } }),
    onSuccess: (_, seriesId) => {
      void queryClient.invalidateQueries({ queryKey: dramaKeys.history() });
      void queryClient.invalidateQueries({ queryKey: dramaKeys.series(seriesId) });
    },
  });
}
