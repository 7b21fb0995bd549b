import { realtime } from '~/server/realtime/index';
import { services } from '~/server/services';
import { createBookingRepository } from './booking.repository';
import { createBookingService, type BookingService } from './booking.service';

let booking: { service: BookingService; db: unknown } | undefined;

/** Session booking, wired on top of the core services (again if they were re-wired). */
export function bookingService(): BookingService {
  const { db } = services();
  if (booking?.db !== db) {
    booking = {
      db,
      service: createBookingService({
        repository: createBookingRepository(db),
        publishAgendaChange: (eventId, data) => realtime().publish(eventId, 'agenda-change', data),
      }),
    };
  }
  return booking.service;
}
