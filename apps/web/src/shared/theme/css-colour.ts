/**
 * A colour token's value (tokens.css) for code that cannot write `var(--…)`: canvas drawing.
 * Empty when the token is unknown, which a canvas ignores (it keeps its last colour).
 */
export function cssColour(token: `--ds-${string}`, from: Element = document.documentElement): string {
  return getComputedStyle(from).getPropertyValue(token).trim();
}
