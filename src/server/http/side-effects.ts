/**
 * The GET calls that change something (SPEC §7 keeps them GETs for the legacy clients): each
 * sends mail or stores a lead. With every non-GET method they form the calls with side effects,
 * which a session cookie alone may not trigger from another site (middleware/auth-guard.ts).
 * A new GET with a side effect must be added here; tests/api/security-cross-site.test.ts checks these.
 */
const SIDE_EFFECT_GETS: readonly RegExp[] = [
  /^\/api\/liveEvent\/[^/]+\/sendContactInfo\/[^/]+\/?$/,
  /^\/api\/liveEvent\/[^/]+\/requestMeeting\/[^/]+\/?$/,
  /^\/api\/liveEvent\/[^/]+\/sendAllDocuments\/?$/,
];

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request may change something: any method but a read, or one of the GETs above. */
export function hasSideEffect(method: string, path: string): boolean {
  if (!READS.has(method)) return true;
  return SIDE_EFFECT_GETS.some((pattern) => pattern.test(path));
}
