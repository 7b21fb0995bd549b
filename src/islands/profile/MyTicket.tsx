import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import type { Translate } from '~/lib/translate';

interface Props {
  /** The ticket code, shown as text. */
  code: string;
  /** The unguessable admission code the QR carries (the ticket code alone could be guessed). */
  admissionKey: string;
  t: Translate;
}

/** docs/product.md §9: half the window width, clamped to 100–300 px. */
export function ticketQrSize(windowWidth: number): number {
  return Math.round(Math.min(300, Math.max(100, windowWidth / 2)));
}

/** docs/product.md §2 My Ticket: the admission QR code (error level H) with the ticket code in text. */
export function MyTicket({ code, admissionKey, t }: Props) {
  const [svg, setSvg] = useState<string | null>(null);
  const size = ticketQrSize(globalThis.innerWidth ?? 600);

  useEffect(() => {
    let isCurrent = true;
    qrSvg(admissionKey, { type: 'svg', errorCorrectionLevel: 'H', margin: 1, width: size })
      .then((markup) => { if (isCurrent) setSvg(markup); })
      .catch(() => undefined);
    return () => { isCurrent = false; };
  }, [admissionKey, size]);

  return (
    <figure className="ticket">
      <div className="ticket-qr" role="img" aria-label={t('profile.ticketAlt', { code })} style={{ width: size, height: size }}
        dangerouslySetInnerHTML={svg ? { __html: svg } : undefined} />
      <figcaption>{t('profile.ticketCode', { code })}</figcaption>
    </figure>
  );
}
