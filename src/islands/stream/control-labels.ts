import type { Translate } from '~/lib/translate';

/**
 * media-chrome's English label keys (see media-chrome/dist/lang/en.js) in the event's language.
 * It keys tooltips by capitalised text ("Play") and the accessible names of the same controls by
 * lower-case text ("play"): both are mapped, or a screen reader speaks English in an nb event.
 */
export function controlLabels(t: Translate): Record<string, string> {
  const play = t('stream.play');
  const pause = t('stream.pause');
  const mute = t('stream.mute');
  const unmute = t('stream.unmute');
  const fullscreen = t('stream.fullscreen');
  const exitFullscreen = t('stream.exitFullscreen');
  return {
    Play: play, Pause: pause, Mute: mute, Unmute: unmute,
    'Enter fullscreen mode': fullscreen, 'Exit fullscreen mode': exitFullscreen,
    play, pause, mute, unmute, 'enter fullscreen mode': fullscreen, 'exit fullscreen mode': exitFullscreen,
    volume: t('stream.volume'), seek: t('stream.seek'), 'video player': t('stream.region'),
    'playback time': t('stream.playbackTime'), 'media loading': t('stream.loading'),
  };
}
