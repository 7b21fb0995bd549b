import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { emitPageEvent, onPageEvent } from '~/lib/page-events';
import { CallNotSentDialog } from './CallPanes';
import { $hasChatPanel, $unread, openChatWith, openSupport, setChatVisible, NONE_UNREAD_YET } from './chat.store';
import { ChatScreens } from './ChatScreens';
import { useChatIsland, type ChatIslandProps } from './use-chat-props';
import './chat.css';

/** Writes the unread total into the stage's chat tab badge ([data-chat-unread], wording in data-label). */
function paintTabBadge(count: number): void {
  for (const badge of document.querySelectorAll<HTMLElement>('[data-chat-unread]')) {
    badge.hidden = count === 0;
    // The number is seen; a screen reader hears the label with the number after it ("Unread chats: 1").
    const shown = document.createElement('span');
    shown.setAttribute('aria-hidden', 'true');
    shown.textContent = String(count);
    const label = document.createElement('span');
    label.className = 'visually-hidden';
    label.textContent = (badge.dataset['label'] ?? '{{count}}').replace('{{count}}', String(count));
    badge.replaceChildren(shown, label);
  }
}

/**
 * docs/product.md §2 stage chat tab: the chat screens inside the tab panel, the tab's unread badge, and
 * the page events open-chat / open-support-chat (they show this tab).
 */
export default function ChatTab(props: ChatIslandProps) {
  const { t, me } = useChatIsland(props);
  const unread = useStore($unread, NONE_UNREAD_YET);
  const root = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => paintTabBadge(unread), [unread]);

  useEffect(() => {
    $hasChatPanel.set(true);
    const panel = root.current?.closest<HTMLElement>('[role="tabpanel"]');
    setChatVisible(panel ? !panel.hidden : true);
    const stopTabs = onPageEvent('tab-change', (id) => setChatVisible(id === 'chat'));
    const show = (ok: boolean) => { setFailed(!ok); emitPageEvent('show-tab', 'chat'); };
    const stopChat = onPageEvent('open-chat', ({ userId }) => void openChatWith(userId).then(show));
    const stopSupport = onPageEvent('open-support-chat', () => void openSupport().then(show));
    return () => { $hasChatPanel.set(false); stopTabs(); stopChat(); stopSupport(); };
  }, []);

  return (
    <div ref={root} className="chat-tab">
      {failed && <p className="chat-note" role="alert">{t('chat.openFailed')}</p>}
      <ChatScreens eventId={props.eventId} me={me} zone={props.timeZone} locale={props.locale} t={t} hasPresence={props.hasPresence} />
      <CallNotSentDialog t={t} />
    </div>
  );
}
