import type { ConsoleAttendee, ConsoleSponsor } from '~/contracts/console-sponsors';

/** What the sponsor form holds: the fields it sends, the contacts as people, and the logo it shows. */
export interface SponsorDraft {
  name: string;
  categoryIds: number[];
  description: string;
  contacts: ConsoleAttendee[];
  roomName: string;
  roomUrl: string;
  leadForm: boolean;
  logoUrl: string | null;
}

export const emptySponsor = (): SponsorDraft => ({ name: '', categoryIds: [], description: '', contacts: [], roomName: '', roomUrl: '', leadForm: true, logoUrl: null });

export const draftOf = (s: ConsoleSponsor): SponsorDraft => ({
  name: s.name, categoryIds: [...s.categoryIds], description: s.description, contacts: s.contacts.map((c) => ({ ...c })),
  roomName: s.meetingRoom?.name ?? '', roomUrl: s.meetingRoom?.url ?? '', leadForm: s.leadForm, logoUrl: s.logoUrl,
});

/** The body of a save: no meeting room when both its fields are empty; the logo goes only when removed. */
export function inputOf(draft: SponsorDraft, saved: SponsorDraft): Record<string, unknown> {
  const hasRoom = draft.roomName.trim() !== '' || draft.roomUrl.trim() !== '';
  return {
    name: draft.name, categoryIds: draft.categoryIds, description: draft.description, contactIds: draft.contacts.map((c) => c.id),
    meetingRoom: hasRoom ? { name: draft.roomName, url: draft.roomUrl } : null, leadForm: draft.leadForm,
    ...(draft.logoUrl === null && saved.logoUrl !== null ? { logoUrl: null } : {}),
  };
}
