export type IconPurpose = 'any' | 'maskable';
export const ICON_SIZES = [192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];

export interface IconVariant {
  purpose: IconPurpose;
  size: IconSize;
}

export interface IconLook {
  /** A colour already checked by parseColour: it goes into SVG markup. */
  background: string;
  /** The initials' colour, readable on the background. */
  foreground: string;
  /** Shown when the event has no picture of its own. */
  initials: string;
}

/** The icon file names of the manifest: `any-192.png`, `maskable-512.png`, … */
export function iconFileName({ purpose, size }: IconVariant): string {
  return `${purpose}-${size}.png`;
}

export function parseIconFileName(name: string | undefined): IconVariant | undefined {
  const match = /^(any|maskable)-(\d+)\.png$/.exec(name ?? '');
  const size = Number(match?.[2]);
  if (!match || !ICON_SIZES.includes(size as IconSize)) return undefined;
  return { purpose: match[1] as IconPurpose, size: size as IconSize };
}

// A maskable icon may be cropped to a circle of 80 % of its side: a square inside it is 0.8/√2.
const MASKABLE_CONTENT = 0.56;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function initialsSvg(size: number, look: IconLook, square: boolean): Buffer {
  const radius = square ? 0 : Math.round(size * 0.18);
  const fontSize = Math.round(size * (look.initials.length > 2 ? 0.3 : 0.4));
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">`
    + `<rect width="${size}" height="${size}" rx="${radius}" fill="${look.background}"/>`
    + `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="700" `
    + `font-size="${fontSize}" fill="${look.foreground}">${escapeXml(look.initials)}</text></svg>`);
}

/**
 * A square PNG icon: the event's picture fitted inside (an SVG is rasterised at the density the
 * size needs, not scaled up from a small bitmap); a maskable icon keeps it inside the safe zone on
 * the event's colour. Without a picture (or one sharp cannot read), the event's initials.
 */
export async function renderIcon(source: Buffer | undefined, variant: IconVariant, look: IconLook): Promise<Buffer> {
  // sharp loads a native library: only the first icon asked for pays for it.
  const { default: sharp } = await import('sharp');
  const { size, purpose } = variant;
  const inner = purpose === 'maskable' ? Math.round(size * MASKABLE_CONTENT) : size;
  let picture: Buffer | undefined;
  if (source) {
    try {
      const meta = await sharp(source, { limitInputPixels: 40_000_000 }).metadata();
      const side = Math.max(1, Math.min(meta.width ?? inner, meta.height ?? inner));
      const density = meta.format === 'svg' ? Math.min(2400, Math.max(72, (72 * inner) / side)) : undefined;
      picture = await sharp(source, { limitInputPixels: 40_000_000, ...(density ? { density } : {}) })
        .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png().toBuffer();
    } catch {
      picture = undefined;
    }
  }
  if (!picture) return sharp(initialsSvg(size, look, purpose === 'maskable')).png().toBuffer();
  if (purpose === 'any') return picture;
  return sharp({ create: { width: size, height: size, channels: 4, background: look.background } })
    .composite([{ input: picture, gravity: 'centre' }])
    .png().toBuffer();
}
