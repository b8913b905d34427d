import { create } from 'zustand';

const KEY = 'dramastar.sound';

function remembered(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

interface SoundState {
  /** The viewer turned the sound on (videos start muted until then, and again once muted). */
  on: boolean;
  setOn: (on: boolean) => void;
}

/**
 * "Tap for sound" and "Mute": remembered across swipes, pages and visits (localStorage). A new
 * visit may still start muted where the browser refuses sound before a tap (`playWithSound`).
 */
export const useSound = create<SoundState>()((set) => ({
  on: remembered(),
  setOn: (on) => {
    try {
      if (on) localStorage.setItem(KEY, '1');
      else localStorage.removeItem(KEY);
    } catch {
      // Private mode without storage: remembered until the page closes.
    }
    set({ on });
  },
}));

/**
 * Starts a video with the viewer's sound choice; when the browser refuses sound without a
 * gesture (autoplay policy), plays muted and reports it so the "Tap for sound" prompt returns.
 */
export async function playWithSound(video: HTMLVideoElement, onMutedByBrowser?: () => void): Promise<void> {
  const wantSound = useSound.getState().on;
  video.muted = !wantSound;
  try {
    await video.play();
  } catch (error) {
    if (!wantSound || !(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
    video.muted = true;
    onMutedByBrowser?.();
    await video.play().catch(() => undefined);
  }
}
