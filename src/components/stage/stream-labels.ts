import type { TFunction } from 'i18next';
import type { StreamLabels } from '~/islands/stream/StreamPlayer';

/** The player's texts in the event's language; `{{title}}` is filled in by the island. */
export function streamLabels(t: TFunction): StreamLabels {
  const title = { title: '{{title}}' };
  return {
    region: t('stream.region'),
    backToMain: t('stream.backToMain'),
    goBack: t('stream.goBack', title),
    nowPlaying: t('stream.nowPlaying', title),
    noStream: t('stream.noStream'),
    waiting: t('stream.waiting'),
    frameTitle: t('stream.frameTitle', title),
    roomTitle: t('stream.roomTitle', title),
    documents: t('stream.documents'),
    // media-chrome's English label keys (see media-chrome/dist/lang/en.js).
    controls: {
      Play: t('stream.play'), Pause: t('stream.pause'), Mute: t('stream.mute'), Unmute: t('stream.unmute'),
      'Enter fullscreen mode': t('stream.fullscreen'), 'Exit fullscreen mode': t('stream.exitFullscreen'),
      volume: t('stream.volume'), seek: t('stream.seek'), 'video player': t('stream.region'),
    },
  };
}
