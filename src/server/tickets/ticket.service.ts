import QRCode from 'qrcode';
import { services } from '~/server/services';
import { createTicketRepository, type TicketHolder } from './ticket.repository';

/** The QR ticket of a registration (SPEC §2): its holder and an SVG QR code (error level H) of the id. */
export async function qrTicket(eventId: number, registrationIdParam: string | undefined): Promise<{ holder: TicketHolder; svg: string } | undefined> {
  if (!registrationIdParam || !/^\d{1,12}$/.test(registrationIdParam)) return undefined;
  const holder = await createTicketRepository(services().db).find(eventId, Number(registrationIdParam));
  if (!holder) return undefined;
  const svg = await QRCode.toString(String(holder.registrationId), { type: 'svg', errorCorrectionLevel: 'H', margin: 2 });
  return { holder, svg };
}
