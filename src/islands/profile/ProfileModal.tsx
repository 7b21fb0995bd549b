import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { ProfileOptions } from '~/lib/profile-options';
import type { Translate } from '~/lib/translate';
import { logout } from '~/islands/login/session.store';
import { onRealtime } from '~/islands/realtime/realtime.store';
import { Dialog } from '~/islands/ui/Dialog';
import { AvatarUpload } from './AvatarUpload';
import { MyTicket } from './MyTicket';
import { PrivacyPanel } from './PrivacyPanel';
import type { ProfileSection } from './profile-sections';
import { ProfileEdit } from './ProfileEdit';
import { ProfileInfo } from './ProfileInfo';
import { ProfileSettings } from './ProfileSettings';
import { VoucherPanel } from './VoucherPanel';
import { $profile, $profileState, loadProfile } from './profile.store';
import { useIsNarrow } from './useIsNarrow';

interface Props {
  eventId: number;
  options: ProfileOptions;
  t: Translate;
  /** The section to show (the avatar menu's entry); null: closed. */
  section: ProfileSection | null;
  onClose: () => void;
}

type SectionId = ProfileSection;

/** docs/product.md §2 profile modal: tabs on wide screens, one scrolling panel under 768 px. */
export default function ProfileModal({ eventId, options, t, section: asked, onClose }: Props) {
  const profile = useStore($profile);
  const state = useStore($profileState);
  const isNarrow = useIsNarrow();
  const [active, setActive] = useState<SectionId>('info');
  const isOpen = asked !== null;

  useEffect(() => {
    if (!isOpen) return undefined;
    void loadProfile(eventId);
    // docs/product.md §4 publicGroups-change: group membership moved (an import); My Groups follows while open.
    return onRealtime('publicGroups-change', () => void loadProfile(eventId));
  }, [isOpen, eventId]);

  useEffect(() => {
    if (asked) setActive(asked);
  }, [asked]);

  // One scrolling panel on phones: the asked section is scrolled to once it is there.
  const hasProfile = profile !== null;
  useEffect(() => {
    if (asked && isNarrow && hasProfile) document.getElementById(`profile-${asked}`)?.scrollIntoView({ block: 'start' });
  }, [asked, isNarrow, hasProfile]);

  const sections: { id: SectionId; label: string; render: () => ReactNode }[] = profile ? [
    { id: 'info', label: t('profile.info'), render: () => <ProfileInfo profile={profile} options={options} t={t} /> },
    { id: 'edit', label: t('profile.edit'), render: () => <ProfileEdit eventId={eventId} profile={profile} t={t} /> },
    ...(options.showVisibility || options.showPlatformChoice
      ? [{ id: 'settings' as const, label: t('profile.settings'), render: () => <ProfileSettings eventId={eventId} profile={profile} options={options} t={t} /> }]
      : []),
    // docs/product.md §2: My Groups only when there are any, unless the menu asked for it (it then says there are none).
    ...(profile.groups.length > 0 || asked === 'groups'
      ? [{ id: 'groups' as const, label: t('profile.groups'), render: () => (profile.groups.length > 0
        ? <ul className="group-list">{profile.groups.map((group) => <li key={group.id}>{group.name}</li>)}</ul>
        : <p>{t('profile.noGroups')}</p>) }]
      : []),
    ...(options.showTicket && profile.TicketQrCode
      ? [{ id: 'ticket' as const, label: t('profile.ticket'), render: () => <MyTicket code={profile.TicketQrCode ?? ''} admissionKey={profile.TicketKey ?? profile.TicketQrCode ?? ''} t={t} /> }]
      : []),
    ...(options.showVoucher
      ? [{ id: 'voucher' as const, label: t('profile.voucher'), render: () => <VoucherPanel eventId={eventId} profile={profile} t={t} /> }]
      : []),
    { id: 'privacy', label: t('privacy.title'), render: () => <PrivacyPanel eventId={eventId} t={t} /> },
  ] : [];
  const current = sections.find((section) => section.id === active) ?? sections[0];

  return (
    <Dialog isOpen={isOpen} title={t('profile.title')} onClose={onClose} closeLabel={t('profile.close')} className="dialog-wide profile-dialog">
      {state === 'loading' && !profile && <p role="status">{t('profile.loading')}</p>}
      {state === 'failed' && <p className="notice error">{t('profile.loadFailed')}</p>}
      {profile && (
        <>
          <AvatarUpload eventId={eventId} profile={profile} t={t} />
          {isNarrow ? (
            sections.map((section) => (
              <section key={section.id} className="profile-section" aria-labelledby={`profile-${section.id}`}>
                <h3 id={`profile-${section.id}`}>{section.label}</h3>
                {section.render()}
              </section>
            ))
          ) : (
            <>
              <div role="tablist" aria-label={t('profile.tabs')} className="profile-tabs">
                {sections.map((section) => (
                  <button
                    key={section.id} type="button" role="tab" id={`profile-tab-${section.id}`} aria-controls="profile-panel"
                    aria-selected={section.id === current?.id} tabIndex={section.id === current?.id ? 0 : -1}
                    onClick={() => setActive(section.id)}
                    onKeyDown={(event) => {
                      const index = sections.findIndex((s) => s.id === section.id);
                      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                      if (!step) return;
                      const next = sections[(index + step + sections.length) % sections.length];
                      if (next) {
                        setActive(next.id);
                        document.getElementById(`profile-tab-${next.id}`)?.focus();
                      }
                    }}
                  >
                    {section.label}
                  </button>
                ))}
              </div>
              <div role="tabpanel" id="profile-panel" aria-labelledby={current ? `profile-tab-${current.id}` : undefined} className="profile-panel">
                {current?.render()}
              </div>
            </>
          )}
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={() => void logout()}>{t('profile.logout')}</button>
          </div>
        </>
      )}
    </Dialog>
  );
}
