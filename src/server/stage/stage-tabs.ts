import type { TFunction } from 'i18next';
import type { EventInfo } from '~/contracts/event-info';
import type { CaptionKey, FeatureFlag } from '~/contracts/event-settings';
import { LOBBY_ELEMENT_TYPES } from '~/contracts/event-settings';
import type { StageMode, StageTab, StageTabId } from '~/contracts/stage';
import { captionFor } from '~/lib/i18n';
import type { StageCounts } from './stage.repository';

interface TabRule {
  id: Exclude<StageTabId, 'chat'>;
  /** The flag on /stage and the flag on /webapp (docs/product.md §2). */
  flags: Record<StageMode, FeatureFlag>;
  caption?: CaptionKey;
  /** A lobby element of this type may rename the tab with its label option (docs/product.md §2). */
  lobbyType?: number;
  hasContent?: (counts: StageCounts, event: EventInfo) => boolean;
}

const same = (flag: FeatureFlag): Record<StageMode, FeatureFlag> => ({ stage: flag, webapp: flag });

/** docs/product.md §2 sidebar tabs in order; the first that passes is the default. */
const RULES: readonly TabRule[] = [
  { id: 'timeline', flags: { stage: 'stageTabTimeline', webapp: 'webAppTimeline' }, caption: 'timelineCaption' },
  { id: 'agenda', flags: { stage: 'stageTabAgenda', webapp: 'webAppNavigationAgenda' }, caption: 'programCaption',
    lobbyType: LOBBY_ELEMENT_TYPES.agenda, hasContent: (c) => c.sessions > 0 },
  { id: 'sponsors', flags: { stage: 'stageTabSponsors', webapp: 'webAppNavigationSponsors' }, caption: 'sponsorsCaption',
    lobbyType: LOBBY_ELEMENT_TYPES.sponsor, hasContent: (c) => c.sponsors > 0 },
  { id: 'speakers', flags: { stage: 'stageTabSpeakers', webapp: 'webAppNavigationSpeakers' }, caption: 'speakersCaption',
    lobbyType: LOBBY_ELEMENT_TYPES.speaker },
  { id: 'info', flags: { stage: 'stageTabInfoPages', webapp: 'webAppNavigationInfoPages' }, caption: 'informationCaption',
    lobbyType: LOBBY_ELEMENT_TYPES.infoPage, hasContent: (c) => c.infoPages > 0 },
  { id: 'documents', flags: { stage: 'stageTabDocuments', webapp: 'webAppNavigationDocuments' }, caption: 'documentsCaption',
    hasContent: (c) => c.documents > 0 },
  { id: 'custom', flags: same('stageTabCustom'), caption: 'gamificationCaption', hasContent: (_, e) => !!e.gamificationUrl?.trim() },
  { id: 'participants', flags: { stage: 'stageTabParticipants', webapp: 'webAppNavigationParticipants' }, caption: 'usersCaption' },
  { id: 'profile', flags: { stage: 'stageTabProfile', webapp: 'webAppProfile' }, caption: 'profileCaption' },
  { id: 'selfie', flags: same('stageTabSelfie') },
];

function lobbyLabel(event: EventInfo, type: number | undefined): string | undefined {
  if (type === undefined) return undefined;
  const label = event.lobbyElements.find((element) => element.type === type)?.options['label'];
  return typeof label === 'string' && label.trim() ? label.trim() : undefined;
}

/** The tabs the sidebar shows, in order, from the flags of the mode and the event's content. */
export function stageTabs(event: EventInfo, mode: StageMode, counts: StageCounts, t: TFunction): StageTab[] {
  return RULES
    .filter((rule) => event.features[rule.flags[mode]] && (rule.hasContent?.(counts, event) ?? true))
    .map((rule) => ({
      id: rule.id,
      label: lobbyLabel(event, rule.lobbyType)
        ?? (rule.caption ? captionFor(event.captions, rule.caption, t) : t(`stage.tabs.${rule.id}`)),
    }));
}

/** The separate chat tab (docs/product.md §2), when chat is on for the mode. */
export function chatTab(event: EventInfo, mode: StageMode, t: TFunction): StageTab | undefined {
  const flag: FeatureFlag = mode === 'webapp' ? 'webAppChat' : 'stageChatEnabled';
  return event.features[flag] ? { id: 'chat', label: t('stage.tabs.chat') } : undefined;
}

/** The tab open on arrival: the one ?tab= names if the page has it, else the first (docs/product.md §2). */
export function openTabId(tabs: readonly StageTab[], chat: StageTab | undefined, asked: string | null): StageTabId | undefined {
  const all = chat ? [...tabs, chat] : tabs;
  return all.find((tab) => tab.id === asked)?.id ?? all[0]?.id;
}
