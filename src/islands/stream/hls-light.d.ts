// hls.js's light build (no subtitles, alternate audio or DRM: none of which a stage stream uses)
// has the same API as the full one but ships no type declarations of its own.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
