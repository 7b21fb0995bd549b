import type { Session } from '~/contracts/agenda';

/*
 * The agenda answer written as JSON from parts serialised once per read model. The
 * signed-in agenda call sent the whole agenda through JSON.stringify on every request (23.5 kB for
 * the demo, a fifth of the call's CPU), although only seats left and the caller's own booking
 * differ between requests. Each session's JSON is kept in two pieces around `seatsLeft`, so a
 * request writes its per-request values between them and nothing else is serialised again. The
 * bytes equal JSON.stringify of the object form (agenda-json.test.ts holds them to it).
 */

/** A session's JSON around its `seatsLeft`: `before` ends with the key before it, `after` is the keys after it. */
export interface SessionJson {
  readonly before: string;
  readonly after: string;
}

/** Serialises a session once: every key in the contract's order, seats left left out for the request. */
export function sessionJson(session: Session): SessionJson {
  const { seatsLeft: _, keywords, categories, ...leading } = session;
  return { before: JSON.stringify(leading).slice(0, -1), after: JSON.stringify({ keywords, categories }).slice(1, -1) };
}

/** One session as a request shows it: seats left, and for a member whether they booked it (userIds holds only their id). */
export function writeSession(json: SessionJson, seatsLeft: number | null, member?: { userId: number; isBooked: boolean }): string {
  const personal = member === undefined ? '' : member.isBooked ? `,"isBooked":true,"userIds":[${member.userId}]` : ',"isBooked":false,"userIds":[]';
  return `${json.before},"seatsLeft":${seatsLeft},${json.after}${personal}}`;
}

/** A session placed in the agenda: its day and start time, each already a JSON string. */
export interface PlacedSession {
  readonly dayJson: string;
  readonly timeJson: string;
  readonly json: string;
}

/**
 * The agenda object, day → start time → sessions, with keys in first-use order as an object
 * built from the same sessions would hold them (groupEntries): sessions are in start order, but a
 * clock turned back (summer time ending) can bring a start time of the day back.
 */
export function writeAgenda(sessions: readonly PlacedSession[]): string {
  const days = new Map<string, Map<string, string[]>>();
  for (const { dayJson, timeJson, json } of sessions) {
    let times = days.get(dayJson);
    if (!times) days.set(dayJson, times = new Map<string, string[]>());
    const list = times.get(timeJson);
    if (list) list.push(json);
    else times.set(timeJson, [json]);
  }
  const out: string[] = [];
  for (const [day, times] of days) {
    const entries: string[] = [];
    for (const [time, list] of times) entries.push(`${time}:[${list.join(',')}]`);
    out.push(`${day}:{${entries.join(',')}}`);
  }
  return `{${out.join(',')}}`;
}
