import { create } from 'zustand';

const KEY = 'dramastar.sound';

function remembered(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

interface SoundState {
  /** The viewer turned the sound on in this session (videos start muted until then). */
  on: boolean;
  setOn: (on: boolean) => void;
}

/** "Tap for sound": remembered for the browser session (sessionStorage). */
export const useSound = create<SoundState>()((set) => ({
  on: remembered(),
  setOn: (on) => {
    try {
      if (on) sessionStorage.setItem(KEY, '1');
      else sessionStorage.removeItem(KEY);
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
