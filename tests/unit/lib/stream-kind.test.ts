import { describe, expect, it } from 'vitest';
import {
  embedUrl, iframeAllow, isRecording, isVideoKind, streamKind, wherebyRoomUrl, withRandomHash,
} from '~/lib/stream-kind';

describe('streamKind', () => {
  it('is none for a missing or blank URL', () => {
    expect(streamKind(null)).toBe('none');
    expect(streamKind(undefined)).toBe('none');
    expect(streamKind('   ')).toBe('none');
  });

  it('detects images by extension, relative or absolute, in any case', () => {
    for (const ext of ['jpg', 'jpeg', 'png', 'webp', 'avif', 'gif', 'svg', 'PNG']) {
      expect(streamKind(`/demo/documents/venue-map.${ext}`)).toBe('image');
    }
    expect(streamKind('https://cdn.example.org/stage.jpg?v=2')).toBe('image');
  });

  it('detects HLS playlists and IVS channels', () => {
    expect(streamKind('/media/mainstage/index.m3u8')).toBe('m3u8');
    expect(streamKind('https://cdn.example.org/live/master.m3u8?token=1')).toBe('m3u8');
    expect(streamKind('https://abc.us-east-1.playback.live-video.net/api/video/v1/us-east-1.1.channel.x.m3u8')).toBe('ivs-embed');
  });

  it('detects embeds of YouTube, Vimeo, Flowplayer and Whereby', () => {
    expect(streamKind('https://www.youtube.com/watch?v=abc123')).toBe('youtube');
    expect(streamKind('https://youtu.be/abc123')).toBe('youtube');
    expect(streamKind('https://www.youtube.com/embed/abc123')).toBe('youtube-embed');
    expect(streamKind('https://vimeo.com/76979871')).toBe('vimeo');
    expect(streamKind('https://player.vimeo.com/video/76979871')).toBe('vimeo-embed');
    expect(streamKind('https://ljsp.lwcdn.com/web/public/native/config/abc')).toBe('flowvideo');
    expect(streamKind('https://demo.flowvideo.example/embed/1')).toBe('flowvideo');
    expect(streamKind('https://whereby.com/demo-roundtable')).toBe('whereby');
    expect(streamKind('https://acme.whereby.com/room')).toBe('whereby');
  });

  it('is unknown for any other page, which plays in a plain iframe', () => {
    expect(streamKind('https://example.org/live')).toBe('unknown');
    expect(streamKind('https://notwhereby.com/room')).toBe('unknown');
  });
});

describe('stream helpers', () => {
  it('knows recordings by the ivs/v1 path', () => {
    expect(isRecording('https://d1.cloudfront.net/ivs/v1/123/abc/2024/media/hls/master.m3u8')).toBe(true);
    expect(isRecording('/media/mainstage/index.m3u8')).toBe(false);
    expect(isRecording(null)).toBe(false);
  });

  it('plays only HLS kinds in the video element', () => {
    expect(isVideoKind('m3u8')).toBe(true);
    expect(isVideoKind('ivs-embed')).toBe(true);
    expect(isVideoKind('youtube-embed')).toBe(false);
    expect(isVideoKind('image')).toBe(false);
  });

  it('turns watch pages into embeddable player URLs', () => {
    expect(embedUrl('https://www.youtube.com/watch?v=abc123', 'youtube')).toBe('https://www.youtube.com/embed/abc123?autoplay=1');
    expect(embedUrl('https://youtu.be/xyz', 'youtube')).toBe('https://www.youtube.com/embed/xyz?autoplay=1');
    expect(embedUrl('https://vimeo.com/channels/staff/76979871', 'vimeo')).toBe('https://player.vimeo.com/video/76979871?autoplay=1');
    expect(embedUrl('https://player.vimeo.com/video/1', 'vimeo-embed')).toBe('https://player.vimeo.com/video/1');
  });

  it('grants each embed kind its own iframe permissions, fullscreen by default', () => {
    expect(iframeAllow('whereby')).toContain('camera');
    expect(iframeAllow('whereby')).toContain('microphone');
    expect(iframeAllow('whereby')).toContain('display-capture');
    expect(iframeAllow('youtube-embed')).toContain('encrypted-media');
    expect(iframeAllow('vimeo')).toContain('picture-in-picture');
    expect(iframeAllow('flowvideo')).toContain('autoplay');
    expect(iframeAllow('unknown')).toBe('fullscreen');
    expect(iframeAllow('youtube')).not.toContain('camera');
  });

  it('puts the whereBy flags on the room URL as embed parameters', () => {
    const url = wherebyRoomUrl('https://whereby.com/demo-roundtable?lang=nb', {
      whereByScreenShare: true, whereByChat: false, whereByAudio: true, whereByVideo: false, whereByBackground: true,
    });
    expect(url.startsWith('https://whereby.com/demo-roundtable?embed&')).toBe(true);
    const params = new URL(url).searchParams;
    expect(params.get('lang')).toBe('nb');
    expect(params.get('screenshare')).toBe('on');
    expect(params.get('chat')).toBe('off');
    expect(params.get('audio')).toBe('on');
    expect(params.get('video')).toBe('off');
    expect(params.get('background')).toBe('on');
  });

  it('appends a random hash query to recording URLs', () => {
    expect(withRandomHash('https://x.test/ivs/v1/a.m3u8', () => 0.5)).toMatch(/^https:\/\/x\.test\/ivs\/v1\/a\.m3u8\?[0-9a-z]+$/);
    expect(withRandomHash('https://x.test/a.m3u8?t=1', () => 0.5)).toMatch(/\?t=1&[0-9a-z]+$/);
    expect(withRandomHash('/a.m3u8', () => 0.1)).not.toBe(withRandomHash('/a.m3u8', () => 0.2));
  });
});
