import type { Locale } from '~/contracts/event-settings';
import type { DocumentLabels } from '~/islands/content/DocumentsList';
import type { InfoPageLabels } from '~/islands/content/InfoPages';
import { resources } from '~/lib/i18n';

/*
 * Islands get the raw locale texts (placeholders like {{name}} kept) and fill them with
 * fillText; the server-side t() would fill them with nothing.
 */
const section = <T>(locale: Locale, name: 'documents' | 'infoPages' | 'sponsors' | 'leadForm' | 'meetingRooms'): T =>
  resources[locale].translation[name] as unknown as T;

export const documentLabels = (locale: Locale) => section<DocumentLabels>(locale, 'documents');
export const infoPageLabels = (locale: Locale) => section<InfoPageLabels>(locale, 'infoPages');
export const localeSection = section;
