import type { EventFile } from '~/contracts/event-file';
import { resolveTime } from './relative-time';

/** The file with every time made absolute (UTC ISO), relative ones counted from `now`. */
export function resolveFileTimes(file: EventFile, now: Date): EventFile {
  const at = (value: string) => resolveTime(value, now, file.timeZone);
  const maybe = (value: string | undefined) => (value === undefined ? undefined : at(value));
  return {
    ...file,
    start: at(file.start),
    end: at(file.end),
    sessions: file.sessions.map((s) => ({ ...s, start: at(s.start), end: at(s.end) })),
    sponsors: file.sponsors.map((s) => ({
      ...s, meetingRooms: s.meetingRooms.map((r) => ({ ...r, start: maybe(r.start), end: maybe(r.end) })),
    })),
    documents: file.documents.map((d) => ({ ...d, uploadedAt: maybe(d.uploadedAt) })),
    timeline: file.timeline.map((p) => ({
      ...p, createdAt: at(p.createdAt), comments: p.comments.map((c) => ({ ...c, createdAt: at(c.createdAt) })),
    })),
  };
}
