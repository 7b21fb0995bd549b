import { describe, expect, it } from 'vitest';
import { overlapping } from '~/server/agenda/booking-overlap';

const at = (id: number, start: string, end: string) => ({ id, title: `S${id}`, startDate: `2026-11-29T${start}:00Z`, endDate: `2026-11-29T${end}:00Z` });

describe('overlapping', () => {
  const session = at(1, '10:00', '11:00');

  it('names booked sessions that share time with the session', () => {
    expect(overlapping(session, [at(2, '09:30', '10:15'), at(3, '10:30', '12:00'), at(4, '09:00', '13:00')]).map((s) => s.id)).toEqual([2, 3, 4]);
  });

  it('does not count sessions that end as it starts or start as it ends, nor the session itself', () => {
    expect(overlapping(session, [session, at(2, '09:00', '10:00'), at(3, '11:00', '12:00')])).toEqual([]);
  });
});
