import type { EpisodeInfo } from '@dramastar/contract';
import { lazyUntilOpen } from '../../../shared/ui/lazy-until-open';

export interface EpisodeSheetProps {
  seriesId: number | null;
  currentVideoId: number | null;
  onPick: (episode: EpisodeInfo) => void;
  onClose: () => void;
}

/**
 * A bottom sheet with the episode grid of a series, open while `seriesId` is set. Its script
 * (antd-mobile's popup) loads when it first opens, or when the browser is idle.
 */
export const EpisodeSheet = lazyUntilOpen<EpisodeSheetProps>(
  () => import('./episode-sheet-view'),
  (props) => props.seriesId !== null,
);
