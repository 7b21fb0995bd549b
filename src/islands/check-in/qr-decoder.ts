/** Reads the QR code in the camera's current frame: its text, or null when none is in view. */
export type QrDecoder = (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>;

interface NativeDetector { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> }
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats?: () => Promise<string[]>;
}

/** Frames are scaled down to this width before decoding: enough for a ticket held to the camera, cheap on a phone. */
const DECODE_WIDTH = 640;

/**
 * The browser's own BarcodeDetector when it reads QR codes (Chrome on Android, Safari), else
 * jsQR (loaded only then) over the frame drawn on a canvas.
 */
export async function createQrDecoder(): Promise<QrDecoder> {
  const Native = (globalThis as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  const formats = Native?.getSupportedFormats ? await Native.getSupportedFormats().catch(() => []) : [];
  if (Native && formats.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return (video, canvas) => {
    const { videoWidth, videoHeight } = video;
    if (videoWidth === 0 || videoHeight === 0) return Promise.resolve(null);
    const scale = Math.min(1, DECODE_WIDTH / videoWidth);
    const width = Math.round(videoWidth * scale);
    const height = Math.round(videoHeight * scale);
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return Promise.resolve(null);
    context.drawImage(video, 0, 0, width, height);
    const found = jsQR(context.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: 'dontInvert' });
    return Promise.resolve(found?.data ?? null);
  };
}
