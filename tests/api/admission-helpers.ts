import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';
import { json } from './member-helpers';
import { cookieOf, RESULTS_PASSWORD, setResultsPasswords } from './poll-results-helpers';

type TestEvent = { id: number; slug: string; host: string };

/** Logs into the admission area over HTTP (connect/participant) and answers the Cookie header of the session. */
export async function admissionLogin(server: TestServer, host: string): Promise<Record<string, string>> {
  const res = await call(server, '/connect/participant', { host, ...json({ password: RESULTS_PASSWORD }) });
  return { cookie: cookieOf(res, 'participant_results')! };
}

/** A server with two events whose results passwords are set, and an admission session of the first. */
export async function admissionSetup(): Promise<{ server: TestServer; f: Factories; event: TestEvent; other: TestEvent; session: Record<string, string> }> {
  const server = await sharedServer();
  const f = factories(server);
  const event = await f.newEvent();
  const other = await f.newEvent();
  await setResultsPasswords(f, event.id);
  await setResultsPasswords(f, other.id);
  return { server, f, event, other, session: await admissionLogin(server, event.host) };
}
