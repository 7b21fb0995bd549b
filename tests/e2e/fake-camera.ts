import { writeFile } from 'node:fs/promises';
import QRCode from 'qrcode';
import sharp from 'sharp';

const WIDTH = 640;
const HEIGHT = 480;
const QR_SIZE = 360;
const FRAMES = 4;

/**
 * Writes a Y4M video (YUV4MPEG2, 4:2:0) of a QR code of `text` on white, for Chromium's fake
 * camera (`--use-file-for-fake-video-capture`), which loops it. Grey only: the luma plane is the
 * picture and both chroma planes are neutral (128).
 */
export async function writeQrVideo(text: string, file: string): Promise<void> {
  const qr = await QRCode.toBuffer(text, { errorCorrectionLevel: 'H', margin: 4, width: QR_SIZE });
  const luma = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' } })
    .composite([{ input: qr, left: (WIDTH - QR_SIZE) / 2, top: (HEIGHT - QR_SIZE) / 2 }])
    .toColourspace('b-w').raw().toBuffer();
  if (luma.length !== WIDTH * HEIGHT) throw new Error(`expected one luma byte per pixel, got ${luma.length}`);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}

/** Chromium's switches for a fake camera playing `file`, with the permission prompt accepted. */
export const fakeCameraArgs = (file: string): string[] => [
  '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`,
];
