import * as v from 'valibot';

/**
 * The door check-in (beyond the contract): staff behind the admission login scan a QR
 * ticket (its ticket key) or type the ticket's code; the attendee is scanned in once.
 */
export const CheckInSchema = v.object({
  code: v.pipe(v.string('is required'), v.trim(), v.minLength(1, 'is required'), v.maxLength(100, 'is too long')),
});

/** `admitted`: scanned in now; `alreadyAdmitted`: was in already, since `admittedAt`. */
export interface CheckInResponse {
  status: 'admitted' | 'alreadyAdmitted';
  firstName: string;
  lastName: string;
  /** ISO UTC. */
  admittedAt: string;
  /** HH:mm in the event's time zone. */
  admittedTime: string;
}
