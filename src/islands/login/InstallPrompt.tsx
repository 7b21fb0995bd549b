import { useEffect, useMemo, useState } from 'react';
import { createT, type Messages } from '~/lib/translate';

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface Props {
  eventId: number;
  eventName: string;
  messages: Messages;
}

const dismissedKey = (eventId: number) => `ep.installDismissed.${eventId}`;

function isStandalone(): boolean {
  return globalThis.matchMedia?.('(display-mode: standalone)').matches === true
    || (globalThis.navigator as Navigator & { standalone?: boolean }).standalone === true;
}

function isIos(): boolean {
  return /iphone|ipad|ipod/i.test(globalThis.navigator.userAgent);
}

/**
 * docs/product.md §2 install-to-home-screen popup: offered when the browser fires beforeinstallprompt
 * (Chromium) or, on iOS Safari which has no such event, as a hint to use Share → Add to Home
 * Screen. Dismissing hides it for this event on this device.
 */
export default function InstallPrompt({ eventId, eventName, messages }: Props) {
  const t = useMemo(() => createT(messages), [messages]);
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);
  const [showIosHint, setShowIosHint] = useState(false);

  useEffect(() => {
    if (isStandalone() || localStorage.getItem(dismissedKey(eventId)) === '1') return;
    if (isIos()) setShowIosHint(true);
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setDeferred(event as BeforeInstallPromptEvent);
    };
    globalThis.addEventListener('beforeinstallprompt', onPrompt);
    return () => globalThis.removeEventListener('beforeinstallprompt', onPrompt);
  }, [eventId]);

  function dismiss() {
    localStorage.setItem(dismissedKey(eventId), '1');
    setDeferred(null);
    setShowIosHint(false);
  }

  async function install() {
    if (!deferred) return;
    await deferred.prompt();
    const choice = await deferred.userChoice;
    if (choice.outcome === 'dismissed') dismiss();
    setDeferred(null);
  }

  if (!deferred && !showIosHint) return null;
  return (
    <aside className="install-prompt" aria-labelledby="install-title">
      <h2 id="install-title">{t('install.title')}</h2>
      <p>{t('install.text', { event: eventName })}</p>
      {showIosHint && !deferred && <p>{t('install.iosHint')}</p>}
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={dismiss}>{t('install.dismiss')}</button>
        {deferred && <button type="button" className="button" onClick={() => void install()}>{t('install.install')}</button>}
      </div>
    </aside>
  );
}
