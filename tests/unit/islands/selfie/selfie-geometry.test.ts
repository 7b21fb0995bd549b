import { describe, expect, it } from 'vitest';
import { cameraProblem, nextDevice } from '~/islands/selfie/selfie-camera';
import { coverCrop, outputSize } from '~/islands/selfie/selfie-compose';

describe('selfie composition geometry', () => {
  it('crops a landscape camera frame to a portrait overlay, centred', () => {
    expect(coverCrop({ width: 1280, height: 720 }, { width: 1080, height: 1440 })).toEqual({ x: 370, y: 0, width: 540, height: 720 });
  });

  it('crops a portrait frame to a landscape overlay, centred', () => {
    expect(coverCrop({ width: 720, height: 1280 }, { width: 1600, height: 900 })).toEqual({ x: 0, y: 438, width: 720, height: 405 });
  });

  it('keeps a frame that already has the overlay\'s proportions whole', () => {
    expect(coverCrop({ width: 960, height: 1280 }, { width: 1080, height: 1440 })).toEqual({ x: 0, y: 0, width: 960, height: 1280 });
  });

  it('scales the picture down to the longest side allowed, never up', () => {
    expect(outputSize({ width: 3000, height: 4000 }, 2048)).toEqual({ width: 1536, height: 2048 });
    expect(outputSize({ width: 640, height: 480 }, 2048)).toEqual({ width: 640, height: 480 });
  });
});

describe('selfie camera helpers', () => {
  it('names why the camera did not open from getUserMedia\'s error', () => {
    expect(cameraProblem(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblem({ name: 'SecurityError' })).toBe('denied');
    expect(cameraProblem(new DOMException('none', 'NotFoundError'))).toBe('none');
    expect(cameraProblem(new DOMException('busy', 'NotReadableError'))).toBe('failed');
    expect(cameraProblem('odd')).toBe('failed');
  });

  it('switches round the cameras, and offers no switch with one', () => {
    expect(nextDevice(['front', 'back'], 'front')).toBe('back');
    expect(nextDevice(['front', 'back'], 'back')).toBe('front');
    expect(nextDevice(['front', 'back'], undefined)).toBe('front');
    expect(nextDevice(['front'], 'front')).toBeUndefined();
  });
});
