import { embedUrl, iframeAllow, wherebyRoomUrl, type StreamKind, type WherebyFlags } from '~/lib/stream-kind';

interface Props {
  url: string;
  kind: StreamKind;
  title: string;
  frameTitle: string;
  wherebyFlags: WherebyFlags;
}

/** Non-video streams: a picture, a Whereby room or a player page in an iframe with its permissions. */
export function EmbedStream({ url, kind, title, frameTitle, wherebyFlags }: Props) {
  if (kind === 'image') return <img className="stream-image" src={url} alt={title} />;
  const src = kind === 'whereby' ? wherebyRoomUrl(url, wherebyFlags) : embedUrl(url, kind);
  return (
    <iframe
      className="stream-frame"
      src={src}
      title={frameTitle}
      allow={iframeAllow(kind)}
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      data-kind={kind}
    />
  );
}
