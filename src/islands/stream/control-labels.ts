import type { Translate } from '~/lib/translate';

/** media-chrome's English label keys (see media-chrome/dist/lang/en.js) in the event's language. */
export function controlLabels(t: Translate): Record<string, string> {
  return {
    Play: t('stream.play'), Pause: t('stream.pause'), Mute: t('stream.mute'), Unmute: t('stream.unmute'),
    'Enter fullscreen mode': t('stream.fullscreen'), 'Exit fullscreen mode': t('stream.exitFullscreen'),
    volume: t('stream.volume'), seek: t('stream.seek'), 'video player': t('stream.region'),
  };
}
