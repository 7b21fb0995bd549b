import type { Features } from '~/contracts/event-settings';
import type { Participant } from '~/contracts/participants';

/** Where a participant list or profile is shown: the docs/product.md §5 rules differ per place. */
export type ParticipantPlace = 'stage' | 'webapp' | 'lobby';

export interface ParticipantRules {
  /** The message button (never for oneself): stageChatEnabled, lobbyChatEnabled or webAppChat. */
  canMessage: boolean;
  /** The online dot: stageTabParticipantsShowOnline on stage and web app, lobbyParticipantListShowOnline in the lobby. */
  showOnline: boolean;
}

/** docs/product.md §5 message button and the show-online flags of docs/product.md §3, for one place. */
export function participantRules(features: Features, place: ParticipantPlace): ParticipantRules {
  const canMessage = place === 'stage' ? features.stageChatEnabled : place === 'webapp' ? features.webAppChat : features.lobbyChatEnabled;
  const showOnline = place === 'lobby' ? features.lobbyParticipantListShowOnline : features.stageTabParticipantsShowOnline;
  return { canMessage: Boolean(canMessage), showOnline: Boolean(showOnline) };
}

/** docs/product.md §5: More info shows if e-mail or phone is visible (the server sends null otherwise) or About2 is set. */
export const hasMoreInfo = (p: Pick<Participant, 'Email' | 'Phone' | 'About2'>): boolean => Boolean(p.Email || p.Phone || p.About2 !== null);

export const fullName = (p: Pick<Participant, 'Firstname' | 'Lastname'>): string => `${p.Firstname} ${p.Lastname}`.trim();

export const initialsOf = (p: Pick<Participant, 'Firstname' | 'Lastname'>): string =>
  `${p.Firstname.charAt(0)}${p.Lastname.charAt(0)}`.toUpperCase() || '?';
