/** Feature flags of docs/product.md §3 and §2; every one is a boolean, absent means off. */
export const FEATURE_FLAGS = [
  'twoFactorAuth', 'stageSupport', 'webAppSupport', 'lobbyEnabled', 'lobbyChat', 'lobbyChatEnabled',
  'stageChatEnabled', 'webAppChat', 'stageFuncChatPosting', 'lobbyParticipantList',
  'lobbyParticipantListShowOnline', 'lobbyProfilePage', 'lobbyFAQPages', 'lobbyAgenda', 'lobbySpeakers',
  'lobbyDates', 'lobbySponsors', 'lobbySponsorToplist', 'sponsorInfo', 'sponsorContact', 'sponsorUsers',
  'sponsorPolls', 'sponsorWherebyRooms', 'sponsorAgendaTab', 'sponsorDocumentsTab', 'sponsorFilter',
  'speakerFilter', 'stageTabTimeline', 'stageTabAgenda', 'stageTabSponsors', 'stageTabSpeakers',
  'stageTabInfoPages', 'stageTabDocuments', 'stageTabParticipants', 'webAppTimeline',
  'webAppNavigationAgenda', 'webAppNavigationSponsors', 'webAppNavigationSpeakers',
  'webAppNavigationInfoPages', 'webAppNavigationDocuments', 'webAppNavigationParticipants',
  'stageTabCustom', 'stageTabParticipantsShowOnline', 'stageTabProfile', 'webAppProfile', 'stageTabSelfie',
  'stageQrTicketsEnabled', 'stageVoucherBalanceEnabled', 'stageFuncTimelinePosting',
  'stageFuncTimelineCommenting', 'webAppTimelinePosting', 'webAppTimelineCommenting', 'profileEmailVisible',
  'profilePhoneVisible', 'bookingsEnabled', 'agendaSessionGoToMainStage', 'whereByScreenShare', 'whereByChat',
  'whereByAudio', 'whereByVideo', 'whereByBackground',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type Features = Record<FeatureFlag, boolean>;

/** Caption keys of docs/product.md §3; an event's caption overrides the translated default. */
export const CAPTION_KEYS = [
  'programCaption', 'informationCaption', 'speakersCaption', 'sponsorsCaption', 'profileCaption',
  'timelineCaption', 'documentsCaption', 'gamificationCaption', 'usersCaption',
] as const;
export type CaptionKey = (typeof CAPTION_KEYS)[number];
export type Captions = Record<CaptionKey, string>;

/** Branding of docs/product.md §3: colours (CSS colour strings) and the background image. */
export const BRANDING_KEYS = [
  'liveBackgroundImage', 'liveBackgroundColor', 'navbarColor', 'oddSectionColor', 'evenSectionColor',
  'darkTextColor', 'primaryButtonColor', 'primaryButtonTextColor', 'secondaryButtonColor',
  'secondaryButtonTextColor', 'loginBackgroundColor', 'loginTextColor', 'lobbyTextColor',
] as const;
export type BrandingKey = (typeof BRANDING_KEYS)[number];
export type Branding = Partial<Record<BrandingKey, string>>;

/** Lobby element types of docs/product.md §3. */
export const LOBBY_ELEMENT_TYPES = {
  banner: 1, infoPage: 2, agenda: 3, sponsor: 4, speaker: 5, header: 6, topSponsors: 7,
} as const;

/** Category types of docs/product.md §3 (a missing type counts as sponsor). */
export const CATEGORY_TYPES = { sponsor: 0, agenda: 1, speaker: 2 } as const;

/** Question types of docs/product.md §3. */
export const QUESTION_TYPES = {
  multipleAnswers: 0, openText: 1, quiz: 2, treasureHunt: 3, codedPoll: 4, codedQuiz: 5, rating: 10,
} as const;

export const PLATFORMS = ['digital', 'webApp'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Language codes of docs/product.md §4: '1' English, '2' Norwegian. */
export const LANGUAGE_IDS = { en: '1', nb: '2' } as const;
export type Locale = keyof typeof LANGUAGE_IDS;
