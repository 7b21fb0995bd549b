import { useCallback, useEffect, useRef, useState } from 'react';
import type { MemberSession } from '~/contracts/agenda';
import type { Translate } from '~/lib/translate';
import { toggleBooking } from './agenda.store';
import { needsConfirmation } from './agenda-view';

export interface BookingMessage {
  text: string;
  isError: boolean;
}

/** docs/product.md §9: the agenda success message shows 1.5 s; My program's removal message 0.8 s. */
export const STAGE_MESSAGE_MS = 1500;
export const MY_PROGRAM_REMOVED_MS = 800;

interface Options {
  t: Translate;
  /** How long a success message stays. */
  messageMs: number;
  /** The removal message key: 'booking.RemovedAgenda' on the stage, 'booking.successfullyRemovedAgenda' in My program. */
  removedKey: string;
  /** Ask before every cancel (My program), not only for seat-limited sessions. */
  isCancelAlwaysConfirmed?: boolean;
}

/**
 * The booking flow of docs/product.md §4: seat-limited sessions (and, where asked, every cancel) open a
 * confirmation first; the answer shows as a short message.
 */
export function useBooking({ t, messageMs, removedKey, isCancelAlwaysConfirmed = false }: Options) {
  const [confirming, setConfirming] = useState<MemberSession | null>(null);
  const [message, setMessage] = useState<BookingMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(async (session: MemberSession) => {
    setConfirming(null);
    clearTimeout(timer.current);
    const answer = await toggleBooking(session);
    const overlaps = answer.ok ? answer.result.overlaps ?? [] : [];
    if (answer.ok && overlaps.length > 0) {
      // Booked all the same; the warning stays until the next booking, so it can be read (docs/agenda.md).
      setMessage({ text: t('booking.addedOverlap', { titles: overlaps.map((s) => `«${s.title}»`).join(', ') }), isError: true });
    } else if (answer.ok) {
      setMessage({ text: t(answer.result.isBooked ? 'booking.AddedAgenda' : removedKey), isError: false });
      timer.current = setTimeout(() => setMessage(null), messageMs);
    } else {
      setMessage({ text: t(`booking.${answer.reason}`), isError: true });
    }
  }, [t, messageMs, removedKey]);

  const request = useCallback((session: MemberSession) => {
    const mustConfirm = needsConfirmation(session) || (isCancelAlwaysConfirmed && session.isBooked);
    if (mustConfirm) setConfirming(session);
    else void run(session);
  }, [run, isCancelAlwaysConfirmed]);

  return {
    confirming, message, request,
    confirm: () => { if (confirming) void run(confirming); },
    dismiss: () => setConfirming(null),
  };
}
