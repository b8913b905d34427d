/**
 * index.html draws Home's top bar and first banner, or the Shorts feed's first poster, before the
 * app's script runs (#ds-boot, over the page). The page removes it once it has drawn its own, or
 * when it is left before that.
 */
export function dropBootShell(): void {
  document.getElementById('ds-boot')?.remove();
}

/**
 * Removes the boot shell once `image` (the same picture the page now shows under it) is decoded,
 * so nothing flashes between the two. Returns a cancel for an effect's clean-up.
 */
export function dropBootShellOver(image: string | undefined): () => void {
  if (!document.getElementById('ds-boot')) return () => undefined;
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
