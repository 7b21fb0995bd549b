import type { TFunction } from 'i18next';
import type { EventInfo, LobbyElement } from '~/contracts/event-info';
import type { CaptionKey, FeatureFlag } from '~/contracts/event-settings';
import { captionFor } from '~/lib/i18n';

/** The section a lobby element type renders (docs/product.md §3: banner 1 … top sponsors 7). */
export const SECTION_KINDS = {
  1: 'banner', 2: 'information', 3: 'agenda', 4: 'sponsors', 5: 'speakers', 6: 'header', 7: 'topSponsors',
} as const;
export type SectionKind = (typeof SECTION_KINDS)[keyof typeof SECTION_KINDS];

/** Options of a lobby element (docs/product.md §3), read defensively: they come from organiser JSON. */
export interface SectionOptions {
  label: string | null;
  mainStageEnabled: boolean;
  mainStageLabel: string | null;
  participantsEnabled: boolean;
  participantsLabel: string | null;
  text: string | null;
  fileUrl: string | null;
  isDatesEnabled: boolean;
  isSearchEnabled: boolean;
  topSponsorIds: number[];
  size: 'small' | 'medium' | 'large';
}

export interface LobbySection {
  elementId: number;
  kind: SectionKind;
  /** Element id for anchors (navbar and footer). */
  anchor: string;
  /** The element's own label, else the event caption, else the translated default. */
  label: string;
  /** Odd/even branding colours alternate over the rendered sections (1-based). */
  parity: 'odd' | 'even';
  options: SectionOptions;
}

/** A section shows only when its lobby feature is on (docs/product.md §3 feature flags). */
const FLAG: Partial<Record<SectionKind, FeatureFlag>> = {
  information: 'lobbyFAQPages', agenda: 'lobbyAgenda', sponsors: 'lobbySponsors',
  speakers: 'lobbySpeakers', topSponsors: 'lobbySponsorToplist',
};

const CAPTION: Partial<Record<SectionKind, CaptionKey>> = {
  information: 'informationCaption', agenda: 'programCaption', sponsors: 'sponsorsCaption',
  speakers: 'speakersCaption', topSponsors: 'sponsorsCaption',
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function readOptions(options: Record<string, unknown>): SectionOptions {
  const top = Array.isArray(options['topSponsorOptions']) ? options['topSponsorOptions'] as unknown[] : [];
  const size = options['size'];
  return {
    label: text(options['label']),
    mainStageEnabled: options['mainStageEnabled'] === true,
    mainStageLabel: text(options['mainStageLabel']),
    participantsEnabled: options['participantsEnabled'] === true,
    participantsLabel: text(options['participantsLabel']),
    text: text(options['text']),
    fileUrl: text(options['fileUrl']),
    isDatesEnabled: options['isDatesEnabled'] === true,
    isSearchEnabled: options['isSearchEnabled'] === true,
    topSponsorIds: top.flatMap((o) => {
      const id = (o as { sponsorId?: unknown } | null)?.sponsorId;
      return typeof id === 'number' && Number.isInteger(id) ? [id] : [];
    }),
    size: size === 'small' || size === 'medium' ? size : 'large',
  };
}

function kindOf(element: LobbyElement): SectionKind | null {
  return (SECTION_KINDS as Record<number, SectionKind | undefined>)[element.type] ?? null;
}

/**
 * The lobby's sections in the configured order (docs/product.md §2: "rendered in configured order by
 * element id"; the event service already sorts elements by their position). Unknown types and
 * sections whose feature is off are left out before odd/even parity is assigned.
 */
export function lobbySections(event: Pick<EventInfo, 'lobbyElements' | 'features' | 'captions' | 'eventName'>, t: TFunction): LobbySection[] {
  const sections: LobbySection[] = [];
  for (const element of event.lobbyElements) {
    const kind = kindOf(element);
    if (!kind) continue;
    const flag = FLAG[kind];
    if (flag && !event.features[flag]) continue;
    const options = readOptions(element.options);
    const caption = CAPTION[kind];
    const fallback = caption ? captionFor(event.captions, caption, t) : kind === 'header' ? event.eventName : t(`lobby.section.${kind}`);
    sections.push({
      elementId: element.id, kind, anchor: `section-${kind}-${element.id}`, label: options.label ?? fallback,
      parity: sections.length % 2 === 0 ? 'odd' : 'even', options,
    });
  }
  return sections;
}
