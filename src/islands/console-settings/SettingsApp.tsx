import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import type { ConsoleSettings } from '~/contracts/console-settings';
import { createT, type Messages } from '~/lib/translate';
import { BrandingSection } from './BrandingSection';
import { FeaturesSection, PasswordsSection, RegistrationSection } from './EventSections';
import { CaptionsSection, LobbySection, ScheduleSection, TwoFactorSection } from './ScheduleSections';
import { $settings, initSettings } from './settings.store';
import '~/islands/console/console.css';
import './console-settings.css';

interface Props {
  settings: ConsoleSettings;
  locale: string;
  messages: Messages;
}

/**
 * The console's Settings page (docs/console.md "Settings"): each section saves on its own and
 * everyone's open screens follow. The forms start from what is stored; another organiser's change
 * updates the lists and counts, and a form is set again from the stored values only when reopened.
 */
export default function SettingsApp({ settings, locale, messages }: Props) {
  const t = useMemo(() => createT(messages), [messages]);
  useEffect(() => initSettings(settings), [settings]);
  const current = useStore($settings) ?? settings;
  return (
    <div className="console-settings">
      <BrandingSection settings={current} locale={locale} t={t} />
      <FeaturesSection settings={current} t={t} />
      <RegistrationSection settings={current} t={t} />
      <PasswordsSection settings={current} t={t} />
      <LobbySection settings={current} t={t} />
      <ScheduleSection settings={current} t={t} />
      <TwoFactorSection settings={current} t={t} />
      <CaptionsSection settings={current} t={t} />
    </div>
  );
}
