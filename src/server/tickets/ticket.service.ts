import type { TicketHolder, TicketRepository } from './ticket.repository';

export function createTicketService({ repository }: { repository: TicketRepository }) {
  return {
    /** The QR ticket of a registration (SPEC §2): its holder and an SVG QR code (error level H) of the id. */
    async qrTicket(eventId: number, registrationIdParam: string | undefined): Promise<{ holder: TicketHolder; svg: string } | undefined> {
      if (!registrationIdParam || !/^\d{1,12}$/.test(registrationIdParam)) return undefined;
      const holder = await repository.find(eventId, Number(registrationIdParam));
      if (!holder) return undefined;
      // Loaded on the first ticket shown, not at every start.
      const { default: QRCode } = await import('qrcode');
      const svg = await QRCode.toString(String(holder.registrationId), { type: 'svg', errorCorrectionLevel: 'H', margin: 2 });
      return { holder, svg };
    },
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
