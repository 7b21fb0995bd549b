import { useStore } from '@nanostores/react';
import { AS_SERVER_RENDERED } from '~/islands/ui/use-hydrated';
import { useEffect, useState } from 'react';
import { Dialog } from '~/islands/ui/Dialog';
import { emitPageEvent, onPageEvent } from '~/lib/page-events';
import { CallNotSentDialog } from './CallPanes';
import { $chatVisible, $hasChatPanel, $screen, $unread, openChatWith, openSupport, setChatVisible, NONE_UNREAD_YET } from './chat.store';
import { ChatScreens } from './ChatScreens';
import { useChatIsland, type ChatIslandProps } from './use-chat-props';
import './chat.css';

interface Props extends ChatIslandProps {
  /** The navbar chat icon with the unread count (off where the chat flag is off). */
  showChatButton: boolean;
  /** The support icon (stageSupport): opens the support chat. */
  showSupportButton: boolean;
}

/**
 * docs/product.md §2 navbar chat icon with its unread count, the support icon, and the chat modal they
 * open. Answers the page events open-chat and open-support-chat unless the stage chat tab does
 * (the support icon raises open-support-chat, so on the stage it opens the chat tab).
 */
export default function ChatLauncher(props: Props) {
  const { t, me } = useChatIsland(props);
  const unread = useStore($unread, NONE_UNREAD_YET);
  const visible = useStore($chatVisible, AS_SERVER_RENDERED);
  const [isOpen, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);

  const open = () => { setOpen(true); setChatVisible(true); };
  // docs/product.md §4: closing the modal clears the selection.
  const close = () => { setOpen(false); setChatVisible(false); $screen.set({ mode: 'list' }); };

  useEffect(() => {
    const opened = (ok: boolean) => { setFailed(!ok); open(); };
    const stopChat = onPageEvent('open-chat', ({ userId }) => {
      if (!$hasChatPanel.get()) void openChatWith(userId).then(opened);
    });
    const stopSupport = onPageEvent('open-support-chat', () => {
      if (!$hasChatPanel.get()) void openSupport().then(opened);
    });
    return () => { stopChat(); stopSupport(); };
  }, []);

  return (
    <>
      {props.showSupportButton && (
        <button type="button" className="chat-icon-button" aria-label={t('chat.supportButton')}
          onClick={() => emitPageEvent('open-support-chat', null)}>
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20"><circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="2" /><path d="M7.5 8a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .8-1 1.5V12M10 14.5v.5" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
        </button>
      )}
      {props.showChatButton && (
        <button type="button" className="chat-icon-button" data-chat-button aria-haspopup="dialog"
          aria-label={`${t('chat.openChat')}, ${t('chat.unread', { count: unread })}`} onClick={open}>
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20"><path d="M3 4h14v9H8l-4 3v-3H3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" /></svg>
          {unread > 0 && <span className="chat-icon-badge" data-chat-unread-count>{unread}</span>}
        </button>
      )}
      <Dialog isOpen={isOpen && visible} title={t('chat.title')} onClose={close} closeLabel={t('chat.close')} className="dialog-wide chat-dialog">
        {failed && <p className="chat-note" role="alert">{t('chat.openFailed')}</p>}
        <ChatScreens eventId={props.eventId} me={me} zone={props.timeZone} locale={props.locale} t={t} hasPresence={props.hasPresence} />
      </Dialog>
      <CallNotSentDialog t={t} />
    </>
  );
}
