/**
 * index.html draws Home's top bar and first banner before the app's script runs (#ds-boot, over
 * the page). Home removes it once it has drawn its own, or when it is left before that.
 */
export function dropBootShell(): void {
  document.getElementById('ds-boot')?.remove();
}
