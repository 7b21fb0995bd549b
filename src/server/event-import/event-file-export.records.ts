import type { SharedListAdmission, SharedListColumn } from '~/contracts/shared-lists';
import type { EventFile } from '~/contracts/event-file';

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

export interface ExportUserRecord {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  title: string | null;
  about: string | null;
  about2: string | null;
  phone: string | null;
  company: string | null;
  jobTitle: string | null;
  address1: string | null;
  picture: string | null;
  linkedin: string | null;
  facebook: string | null;
  instagram: string | null;
  twitter: string | null;
  calculatedFields: Record<string, string>;
  isHidden: boolean;
  isOrganiser: boolean;
}

export type ExportGroupRecord = Keyed & { name: string; isPublic: boolean };
export type ExportSharedListRecord = {
  key: string; name: string; description: string | null; pin: string; columns: SharedListColumn[];
  groupKeys: string[]; admission: SharedListAdmission; includeHidden: boolean;
};
export type ExportCategoryRecord = Keyed & { name: string; categoryType: number; isPublic: boolean };
export type ExportTrackRecord = Keyed & { title: string; headerBackgroundColor: string | null; isTitleHidden: boolean };

export type ExportSpeakerRecord = Keyed & {
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  company: string | null;
  description: string | null;
  phone: string | null;
  email: string | null;
  imageUrl: string | null;
  links: Of<'speakers'>['links'];
};

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

export type ExportSponsorRecord = Keyed & {
  name: string;
  logoUrl: string | null;
  position: number;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  links: Of<'sponsors'>['links'];
  description: string | null;
  streamUrl: string | null;
  liveUrl: string | null;
};

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

export type ExportPollRecord = Keyed & {
  parentId: number | null;
  sponsorId: number | null;
  title: string;
  question: string;
  description: string | null;
  questionType: number;
  accessKey: string;
  code: string | null;
  isPublicResults: boolean;
  isCommentsEnabled: boolean;
  isOpen: boolean;
  isTemplate: boolean;
  resultsPasswordHash: string | null;
};

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

