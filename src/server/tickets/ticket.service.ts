import type { Features } from '~/contracts/event-settings';
import { requireFeature } from '~/server/shared/feature-access';
import { isTicketKey } from '~/server/shared/secrets';
import type { TicketHolder, TicketRepository } from './ticket.repository';

export function createTicketService({ repository }: { repository: TicketRepository }) {
  return {
    /**
     * The QR ticket behind a ticket key (docs/product.md §2): its holder and an SVG QR code (error
     * level H) of the key. The key is 128 random bits, so ticket pages cannot be enumerated;
     * anything that is not a key (a sequential registration id included) is no ticket. Where the
     * event has QR tickets off, every ticket is refused (403 `ticket.forbidden`).
     */
    async qrTicket(event: { eventId: number; features: Features }, ticketKeyParam: string | undefined): Promise<{ holder: TicketHolder; svg: string } | undefined> {
      // One flag for both platforms (docs/product.md §2 profile), so the platform named here changes nothing.
      requireFeature(event, 'ticket', 'webApp');
      if (!isTicketKey(ticketKeyParam)) return undefined;
      const holder = await repository.findByKey(event.eventId, ticketKeyParam);
      if (!holder) return undefined;
      // Loaded on the first ticket shown, not at every start.
      const { default: QRCode } = await import('qrcode');
      const svg = await QRCode.toString(holder.ticketKey, { type: 'svg', errorCorrectionLevel: 'H', margin: 2 });
      return { holder, svg };
    },
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
