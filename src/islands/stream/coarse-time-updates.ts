/**
 * Lets a `timeupdate` of `video` reach its listeners (media-chrome's controls, hls.js) only when
 * the whole second of `currentTime` has changed: about once a second instead of four times.
 * media-chrome redraws its controls on every one, and its seek bar calls `checkVisibility`, which
 * forces a style and layout pass: otherwise most of the wide stage's blocking time while the
 * stream plays (docs/browser-performance.md). The time display shows whole seconds and
 * the seek bar animates between updates, so nothing on screen changes. The listener captures on
 * the video's parent, so it runs before theirs whatever the order they were added in.
 * Returns a function that removes it.
 */
export function coarseTimeUpdates(video: HTMLVideoElement): () => void {
  const host = video.parentElement ?? video;
  let second = Number.NaN;
  const onTimeUpdate = (event: Event): void => {
    if (event.target !== video) return;
    const now = Math.floor(video.currentTime);
    if (now === second) event.stopPropagation();
    else second = now;
  };
  host.addEventListener('timeupdate', onTimeUpdate, { capture: true });
  return () => { host.removeEventListener('timeupdate', onTimeUpdate, { capture: true }); };
}
