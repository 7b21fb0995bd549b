/*
 * WCAG 2.x contrast ratios for the event's branding colours. Organisers pick colours freely;
 * these helpers let the lobby warn about unreadable pairs and fall back to a readable text
 * colour on buttons (WCAG 1.4.3: 4.5:1 for normal text).
 */

export const MIN_TEXT_CONTRAST = 4.5;

type Rgb = readonly [number, number, number];

const NAMED: Record<string, Rgb> = {
  black: [0, 0, 0], white: [255, 255, 255], red: [255, 0, 0], green: [0, 128, 0], blue: [0, 0, 255],
  navy: [0, 0, 128], teal: [0, 128, 128], gray: [128, 128, 128], grey: [128, 128, 128], yellow: [255, 255, 0],
  orange: [255, 165, 0], purple: [128, 0, 128], silver: [192, 192, 192], maroon: [128, 0, 0],
};

/** Parses #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() and a few names; alpha is ignored. */
export function parseColour(value: string | null | undefined): Rgb | null {
  const text = value?.trim().toLowerCase();
  if (!text) return null;
  const named = NAMED[text];
  if (named) return named;
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex.slice(0, 3)].map((c) => c + c).join('') : hex.slice(0, 6);
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/.exec(text);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])].map((n) => Math.min(255, n)) as unknown as Rgb;
  return null;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance (WCAG definition), 0 for black to 1 for white. */
export function luminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Contrast ratio of two colours (1 to 21), or null when either cannot be read. */
export function contrastRatio(foreground: string | null | undefined, background: string | null | undefined): number | null {
  const fg = parseColour(foreground);
  const bg = parseColour(background);
  if (!fg || !bg) return null;
  const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The configured text colour when it reads well on the background, otherwise black or white,
 * whichever contrasts more. Unreadable input is returned as it came.
 */
export function readableTextColour(text: string, background: string): string {
  const ratio = contrastRatio(text, background);
  if (ratio === null || ratio >= MIN_TEXT_CONTRAST) return text;
  const black = contrastRatio('#000000', background) ?? 0;
  const white = contrastRatio('#ffffff', background) ?? 0;
  return black >= white ? '#000000' : '#ffffff';
}

export interface ContrastIssue {
  pair: string;
  foreground: string;
  background: string;
  ratio: number;
}

/** Pairs that fall under 4.5:1, labelled for a log line. */
export function contrastIssues(pairs: Record<string, readonly [string | undefined, string | undefined]>): ContrastIssue[] {
  const issues: ContrastIssue[] = [];
  for (const [pair, [foreground, background]] of Object.entries(pairs)) {
    if (!foreground || !background) continue;
    const ratio = contrastRatio(foreground, background);
    if (ratio !== null && ratio < MIN_TEXT_CONTRAST) issues.push({ pair, foreground, background, ratio: Math.round(ratio * 100) / 100 });
  }
  return issues;
}
