import type { SharedListAdmission, SharedListColumn } from '~/contracts/shared-lists';
import type { EventFile } from '~/contracts/event-file';
import type { PollRecord } from '~/server/polls/poll.service';
import type { SpeakerRow } from '~/server/speakers/speaker.service';
import type { SponsorRecord } from '~/server/sponsors/sponsor.service';
import type { UserRecord } from '~/server/users/user.service';

type Of<K extends keyof EventFile> = EventFile[K] extends readonly (infer T)[] ? T : never;
type Keyed = { id: number; key: string };

/*
 * What the export reads, as clean records: ids are the database's (the file refers by key),
 * booleans are booleans, JSON columns are parsed, times are the stored ISO-8601 text.
 */

export interface ExportEventRecord {
  id: number;
  slug: string;
  name: string;
  regEventCode: string | null;
  languageId: string;
  timeZone: string;
  startDate: string;
  endDate: string;
  isActive: boolean;
  isRegistrationOpen: boolean;
  capacity: number | null;
  isTwoFactor: boolean;
  liveLobby: boolean;
  liveStage: boolean;
  liveWebApp: boolean;
  liveFaqCategory: string | null;
  logoUrl: string | null;
  faviconUrl: string | null;
  loginCaption: string | null;
  lobbyBannerText: string | null;
  aboutOnlineEvent: string | null;
  streamUrl: string | null;
  holdingImageUrl: string | null;
  gamificationUrl: string | null;
  termsText: string | null;
  resultsPasswordHash: string | null;
  participantsPasswordHash: string | null;
  captions: EventFile['captions'];
  features: EventFile['features'];
  branding: EventFile['branding'];
}

export interface ExportLobbyElementRecord {
  key: string;
  type: number;
  category: string | null;
  options: Record<string, unknown>;
}

/** An account as the users domain reads it, without what the file does not carry. */
export type ExportUserRecord = Omit<UserRecord, 'eventId' | 'createdAt'>;

export type ExportGroupRecord = Keyed & { name: string; isPublic: boolean };
export type ExportSharedListRecord = {
  key: string; name: string; description: string | null; pin: string; columns: SharedListColumn[];
  groupKeys: string[]; admission: SharedListAdmission; includeHidden: boolean;
};
export type ExportCategoryRecord = Keyed & { name: string; categoryType: number; isPublic: boolean };
export type ExportTrackRecord = Keyed & { title: string; headerBackgroundColor: string | null; isTitleHidden: boolean };

// Links as the file types them: stored links came through the file's or the editor's checks.
export type ExportSpeakerRecord = Keyed & Omit<SpeakerRow, 'links'> & { links: Of<'speakers'>['links'] };

export type ExportSessionRecord = Keyed & {
  title: string;
  subtitle: string | null;
  description: string | null;
  startDate: string;
  endDate: string;
  trackId: number | null;
  liveUrl: string | null;
  seatLimit: number;
  keywords: string | null;
};

export type ExportSponsorRecord = Keyed & Omit<SponsorRecord, 'links'> & { links: Of<'sponsors'>['links'] };

export type ExportMeetingRoomRecord = Keyed & { sponsorId: number; name: string; roomUrl: string; startDate: string | null; endDate: string | null };
export type ExportInfoPageRecord = Keyed & { heading: string; body: string; category: string | null; platforms: Of<'infoPages'>['platforms'] };

export type ExportDocumentRecord = Keyed & {
  name: string;
  fileUrl: string;
  previewUrl: string | null;
  docType: string;
  sponsorId: number | null;
  platforms: Of<'documents'>['platforms'];
  uploadedAt: string;
};

export type ExportPollRecord = Keyed & Omit<PollRecord, 'eventId'> & { resultsPasswordHash: string | null };

export interface ExportAlternativeRecord {
  pollId: number;
  text: string;
  value: number | null;
  color: string | null;
  isCorrect: boolean;
}

export interface ExportTimelineRecord {
  id: number;
  /** Only keyed items are exported, so the key is always there. */
  key: string;
  authorId: number | null;
  inReplyTo: number | null;
  message: string;
  imageUrls: string[];
  isPromo: boolean;
  linkMode: string | null;
  promoLink: string | null;
  promoLinkText: string | null;
  platforms: Of<'timeline'>['platforms'];
  createdAt: string;
}

