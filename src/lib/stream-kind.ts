/**
 * Stream kinds of docs/product.md §4 ("video link kinds"), plus `image` for the stream view's picture mode
 * (docs/product.md §2: detected by extension). Detection is by URL only, so the server and the player agree.
 */
export type StreamKind =
  | 'none' | 'image' | 'm3u8' | 'ivs-embed' | 'whereby' | 'youtube' | 'youtube-embed'
  | 'vimeo' | 'vimeo-embed' | 'flowvideo' | 'unknown';

const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|avif|gif|svg)$/i;
/** Amazon IVS playback hosts; their channels are live only while the broadcaster streams. */
const IVS_HOSTS = /(^|\.)live-video\.net$/i;
/** IVS recordings (auto-record to S3 behind CloudFront) sit under this path (docs/product.md §4). */
const RECORDING_PATH = '/ivs/v1/';

function parse(url: string): URL | undefined {
  try {
    // Relative URLs (the demo's /media/… streams) resolve against a placeholder origin.
    return new URL(url, 'http://relative.invalid');
  } catch {
    return undefined;
  }
}

const hostIs = (host: string, domain: string): boolean => host === domain || host.endsWith(`.${domain}`);

/** The kind of a stream URL; empty or missing is `none`, anything unrecognised `unknown` (an iframe). */
export function streamKind(url: string | null | undefined): StreamKind {
  const trimmed = url?.trim();
  if (!trimmed) return 'none';
  const parsed = parse(trimmed);
  if (!parsed) return 'unknown';
  const host = parsed.hostname.toLowerCase();
  const path = parsed.pathname;
  if (IMAGE_EXTENSIONS.test(path)) return 'image';
  if (IVS_HOSTS.test(host)) return 'ivs-embed';
  if (/\.m3u8$/i.test(path)) return 'm3u8';
  if (hostIs(host, 'whereby.com')) return 'whereby';
  if (hostIs(host, 'youtube.com') || hostIs(host, 'youtube-nocookie.com')) {
    return path.startsWith('/embed/') ? 'youtube-embed' : 'youtube';
  }
  if (host === 'youtu.be') return 'youtube';
  if (host === 'player.vimeo.com') return 'vimeo-embed';
  if (hostIs(host, 'vimeo.com')) return 'vimeo';
  if (hostIs(host, 'flowplayer.com') || hostIs(host, 'lwcdn.com') || host.includes('flowvideo')) return 'flowvideo';
  return 'unknown';
}

/** True for a recorded IVS stream, which needs signed cookies before it loads (docs/product.md §4). */
export function isRecording(url: string | null | undefined): boolean {
  return !!url && url.includes(RECORDING_PATH);
}

/** Kinds played by the video element (hls.js or native HLS); the rest are iframes or images. */
export function isVideoKind(kind: StreamKind): boolean {
  return kind === 'm3u8' || kind === 'ivs-embed';
}

/** The embeddable player URL for page links (youtube watch, youtu.be, vimeo page). */
export function embedUrl(url: string, kind: StreamKind): string {
  const parsed = parse(url.trim());
  if (!parsed) return url;
  if (kind === 'youtube') {
    const id = parsed.hostname === 'youtu.be' ? parsed.pathname.slice(1) : parsed.searchParams.get('v') ?? parsed.pathname.split('/').pop();
    return id ? `https://www.youtube.com/embed/${encodeURIComponent(id)}?autoplay=1` : url;
  }
  if (kind === 'vimeo') {
    const id = parsed.pathname.split('/').find((part) => /^\d+$/.test(part));
    return id ? `https://player.vimeo.com/video/${id}?autoplay=1` : url;
  }
  return url;
}

/** docs/product.md §9: iframe permissions depend on the embed type; fullscreen alone by default. */
export function iframeAllow(kind: StreamKind): string {
  switch (kind) {
    case 'youtube':
    case 'youtube-embed':
      return 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share; fullscreen';
    case 'vimeo':
    case 'vimeo-embed':
      return 'autoplay; fullscreen; picture-in-picture; clipboard-write';
    case 'whereby':
      return 'camera; microphone; fullscreen; speaker; display-capture; autoplay; compute-pressure';
    case 'flowvideo':
      return 'autoplay; fullscreen; picture-in-picture; encrypted-media';
    default:
      return 'fullscreen';
  }
}

/** The whereBy* feature flags that shape an embedded room (docs/decisions.md: mapped to URL params). */
export interface WherebyFlags {
  whereByScreenShare: boolean;
  whereByChat: boolean;
  whereByAudio: boolean;
  whereByVideo: boolean;
  whereByBackground: boolean;
}

/**
 * A Whereby room URL with the event's flags as Whereby's embed parameters (`screenshare=off`,
 * `audio=off`, …). Existing parameters the organiser put in the room URL are kept unless a flag
 * decides them.
 */
export function wherebyRoomUrl(url: string, flags: WherebyFlags): string {
  const parsed = parse(url.trim());
  if (!parsed) return url;
  const onOff = (on: boolean): string => (on ? 'on' : 'off');
  parsed.searchParams.set('screenshare', onOff(flags.whereByScreenShare));
  parsed.searchParams.set('chat', onOff(flags.whereByChat));
  parsed.searchParams.set('audio', onOff(flags.whereByAudio));
  parsed.searchParams.set('video', onOff(flags.whereByVideo));
  parsed.searchParams.set('background', onOff(flags.whereByBackground));
  parsed.searchParams.delete('embed');
  // Whereby's `embed` is a bare flag; URLSearchParams would write `embed=`.
  parsed.search = `?embed&${parsed.searchParams.toString()}`;
  return parsed.origin === 'http://relative.invalid' ? `${parsed.pathname}${parsed.search}` : parsed.toString();
}

/** A recording URL made unique so the browser does not replay a cached manifest (docs/product.md §4). */
export function withRandomHash(url: string, random: () => number = Math.random): string {
  const hash = Math.floor(random() * 1e9).toString(36);
  return `${url}${url.includes('?') ? '&' : '?'}${hash}`;
}
