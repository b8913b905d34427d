/**
 * What a segment fetched ahead (index.html's script or `warmRendition`) took on the network. The
 * player's own request for it is then answered by the browser's cache in a few milliseconds (or
 * joins the fetch under way), which hls.js would take for the line's speed: its estimate jumped
 * to many Mbit/s after the first segment and it asked the 720p rung at once on a 1.6 Mbit/s line,
 * then stalled while coming back down (bench/network.ts, slow 4G). So such a segment never feeds
 * the estimate (`estimateAfterWarmSegment`).
 */
export interface WarmFetch {
  /** Bytes of the body. */
  bytes: number;
  /** From asking to the last byte, ms (its round trip and any queueing included: a floor). */
  ms: number;
}

declare global {
  interface Window {
    /** Segments fetched ahead, by absolute address (written by index.html's script too). */
    __dsWarm?: Record<string, WarmFetch>;
  }
}

/**
 * Records a segment fetched ahead, once it has arrived whole. Fetched ahead twice (index.html's
 * script, then the player's `warmRendition`, answered by the cache or joining the first fetch),
 * the slower record stands: it is the one that was on the network.
 */
export function noteWarmFetch(url: string, fetch: WarmFetch): void {
  window.__dsWarm ??= {};
  const known = window.__dsWarm[url];
  if (!known || fetch.bytes * known.ms < known.bytes * fetch.ms) window.__dsWarm[url] = fetch;
}

/** What fetching `url` ahead measured; undefined when it was not fetched ahead or has not arrived yet. */
export function warmFetchOf(url: string): WarmFetch | undefined {
  return window.__dsWarm?.[url];
}

/**
 * The estimate (bit/s) hls.js restarts from once a segment that was fetched ahead is buffered:
 * what that fetch measured itself (its bytes over its whole time, round trip included, so it errs
 * low, and the player climbs from real segments after); `fallback` (hls.js's default) when it
 * measured nothing usable or has not finished.
 */
export function estimateAfterWarmSegment(warm: WarmFetch | undefined, fallback: number): number {
  if (!warm || !(warm.bytes > 0) || !(warm.ms > 0)) return fallback;
  return Math.round((warm.bytes * 8 * 1000) / warm.ms);
}
