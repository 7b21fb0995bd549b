import type { FeatureFlag } from '~/contracts/event-settings';

/**
 * The features the Settings page offers, by platform (docs/console.md "Settings"): the digital
 * platform is the lobby and the stage, in person is the web app; some are one switch for both.
 * Each flag's label is `console.settings.flags.<flag>`.
 */
export const FEATURE_GROUPS: readonly { key: 'digital' | 'inPerson' | 'both'; flags: readonly FeatureFlag[] }[] = [
  {
    key: 'digital',
    flags: ['lobbyEnabled', 'lobbyAgenda', 'lobbySpeakers', 'lobbySponsors', 'lobbyFAQPages', 'lobbyParticipantList', 'lobbyChatEnabled',
      'stageTabTimeline', 'stageTabAgenda', 'stageTabSpeakers', 'stageTabSponsors', 'stageTabInfoPages', 'stageTabDocuments',
      'stageTabParticipants', 'stageChatEnabled', 'stageSupport'],
  },
  {
    key: 'inPerson',
    flags: ['webAppTimeline', 'webAppNavigationAgenda', 'webAppNavigationSpeakers', 'webAppNavigationSponsors', 'webAppNavigationInfoPages',
      'webAppNavigationDocuments', 'webAppNavigationParticipants', 'webAppChat', 'webAppSupport', 'webAppProfile'],
  },
  { key: 'both', flags: ['bookingsEnabled', 'stageQrTicketsEnabled', 'stageVoucherBalanceEnabled'] },
];
