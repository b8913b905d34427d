// hls.js's light build (no subtitles, alternate audio, DRM or CMCD, none of which episodes use)
// has the same API as the full build; the package ships types for the full one only.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
