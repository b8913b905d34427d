import { create } from 'zustand';
import { useSession } from '../../../shared/store/session';

export interface LikeState {
  liked: boolean;
  likeCount: number;
}

export interface FollowState {
  favorited: boolean;
  favoriteCount: number;
}

interface EngagementState {
  /** The server's latest answer per episode, newer than any list the page loaded. */
  likes: Record<number, LikeState>;
  /** The server's latest answer per series. */
  follows: Record<number, FollowState>;
  setLike: (videoId: number, state: LikeState) => void;
  setFollow: (seriesId: number, state: FollowState) => void;
  clear: () => void;
}

/** Likes and follows changed in this session, so every list shows the same state at once. */
export const useEngagement = create<EngagementState>()((set) => ({
  likes: {},
  follows: {},
  setLike: (videoId, state) => set((s) => ({ likes: { ...s.likes, [videoId]: state } })),
  setFollow: (seriesId, state) => set((s) => ({ follows: { ...s.follows, [seriesId]: state } })),
  clear: () => set({ likes: {}, follows: {} }),
}));

// Another viewer (or a guest) must not see this viewer's likes and follows.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token) useEngagement.getState().clear();
});

/** An episode's like state: this session's answer, else what the list said. */
export function useLikeState(videoId: number, fallback: LikeState): LikeState {
  return useEngagement((s) => s.likes[videoId]) ?? fallback;
}
