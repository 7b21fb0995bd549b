/** The raw texts of the locale's `sponsors` and `meetingRooms` sections ({{…}} kept). */
export interface SponsorLabels {
  tabsLabel: string;
  tabs: Record<string, string>;
  address: string; phone: string; email: string; website: string; links: string; noDescription: string;
  sendInfo: string; sendInfoSent: string; sendInfoFailed: string;
  messageLabel: string; messageSend: string; messageSent: string; messageEmpty: string; messageFailed: string;
  leadFormLink: string;
  requestMeeting: string; requestMeetingFor: string; meetingRequested: string; meetingFailed: string;
  showProfile: string; about: string; notAvailable: string; jobAt: string; close: string;
  pollsIntro: string; sessionsIntro: string;
  seeAll: string; seeAllTitle: string; search: string; category: string; allCategories: string; noResults: string;
  previousPage: string; nextPage: string; pageOf: string;
}

export interface RoomLabels {
  join: string; joinRoom: string; unavailable: string; time: string; always: string; live: string;
}

/** SPEC §9: the message-sent indicator shows for 4.5 s. */
export const SENT_INDICATOR_MS = 4500;
/** SPEC §9: the meeting-room clock refreshes every 60 s. */
export const ROOM_CLOCK_MS = 60_000;
