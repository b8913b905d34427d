import { bootVideoPlaying, endBootVideo } from './boot-video';

/**
 * index.html draws Home's top bar and first banner, the Shorts feed's first poster, or a guest's
 * details page's header and poster before the app's script runs (#ds-boot, over the page). The
 * page removes it once it has drawn its own, or when it is left before that.
 */
export function dropBootShell(): void {
  endBootVideo();
  document.getElementById('ds-boot')?.remove();
}

/**
 * Removes the boot shell once `image` (the same picture the page now shows under it) is decoded,
 * so nothing flashes between the two. Returns a cancel for an effect's clean-up.
 */
export function dropBootShellOver(image: string | undefined): () => void {
  if (!document.getElementById('ds-boot')) return () => undefined;
  // The episode already plays in the shell: its player removes both once it has taken over.
  if (image && bootVideoPlaying()) return () => undefined;
  if (!image) {
    dropBootShell();
    return () => undefined;
  }
  let live = true;
  const picture = new Image();
  picture.src = image;
  void picture
    .decode()
    .catch(() => undefined)
    .then(() => {
      if (live) dropBootShell();
    });
  return () => {
    live = false;
  };
}

/**
 * Resolves once the boot shell's pictures are decoded (or failed, or `limit` ms have passed) and a
 * frame has painted them; at once when there is no shell. The app renders after it, so its first
 * render's long tasks do not hold back the first screen's paint (issue 16: the hero image waited
 * for them).
 */
export function bootShellPainted(limit = 1000): Promise<void> {
  const shell = document.getElementById('ds-boot');
  if (!shell) return Promise.resolve();
  // Decoded, not only loaded: a loaded picture is painted once it is decoded.
  const pictures = [...shell.querySelectorAll('img')].map((img) =>
    typeof img.decode === 'function' ? img.decode().catch(() => undefined) : Promise.resolve(),
  );
  const settled = Promise.race([Promise.all(pictures), new Promise((resolve) => setTimeout(resolve, limit))]);
  // A frame paints them; a hidden tab gets no frames, so a short timer stands in for one.
  return settled.then(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => setTimeout(resolve, 0));
        setTimeout(resolve, 100);
      }),
  );
}
