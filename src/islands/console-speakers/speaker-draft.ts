import type { ConsoleSpeaker, SpeakerInput } from '~/contracts/console-speakers';

/** What the speaker form holds: the fields it sends, and the photo it shows. */
export type SpeakerDraft = Omit<SpeakerInput, 'imageUrl'> & { imageUrl: string | null };

export const emptySpeaker = (): SpeakerDraft => ({ firstName: '', lastName: '', jobTitle: '', company: '', description: '', links: [], categoryIds: [], imageUrl: null });

export const draftOf = (s: ConsoleSpeaker): SpeakerDraft => ({
  firstName: s.firstName, lastName: s.lastName, jobTitle: s.jobTitle, company: s.company, description: s.description,
  links: s.links.map((l) => ({ ...l })), categoryIds: [...s.categoryIds], imageUrl: s.imageUrl,
});

/** The body of a save: the photo goes only when removed (the photo call sets one). */
export function inputOf(draft: SpeakerDraft, saved: SpeakerDraft): Record<string, unknown> {
  const { imageUrl, ...fields } = draft;
  return imageUrl === null && saved.imageUrl !== null ? { ...fields, imageUrl: null } : fields;
}

