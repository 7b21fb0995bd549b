import { useStore } from '@nanostores/react';
import { AS_SERVER_RENDERED } from '~/islands/ui/use-hydrated';
import type { Locale } from '~/contracts/event-settings';
import type { Translate } from '~/lib/translate';
import { CallPane } from './CallPanes';
import { $chatsLive, $screen, NO_CHATS_YET } from './chat.store';
import { ChatListPane } from './ChatListPane';
import { ConversationPane } from './ConversationPane';
import { NewChatPane } from './NewChatPane';

export interface ChatScreensProps {
  eventId: number;
  me: number;
  zone: string;
  locale: Locale;
  t: Translate;
  hasPresence: boolean;
  onClose?: (() => void) | undefined;
}

/**
 * docs/product.md §2 chat modal body (also the stage chat tab): the list on the left, and on the right a
 * hint, the conversation, the new-chat list or a call screen. Narrow screens show one side.
 */
export function ChatScreens(props: ChatScreensProps) {
  const { me, t } = props;
  const screen = useStore($screen, AS_SERVER_RENDERED);
  const chats = useStore($chatsLive, NO_CHATS_YET);
  const chat = 'chatId' in screen ? chats.find((c) => c.ChatID === screen.chatId) : undefined;
  const side = screen.mode === 'new' ? 'new' : chat ? screen.mode : 'list';

  return (
    <div className={`chat-screens shows-${side === 'list' ? 'list' : 'detail'}`}>
      <ChatListPane me={me} t={t} selectedId={chat?.ChatID} />
      <div className="chat-detail">
        {side === 'list' && <p className="chat-note chat-hint">{t('chat.hint')}</p>}
        {side === 'new' && <NewChatPane eventId={props.eventId} me={me} t={t} />}
        {side === 'conversation' && chat && (
          <ConversationPane chat={chat} me={me} zone={props.zone} locale={props.locale} t={t} hasPresence={props.hasPresence} onClose={props.onClose} />
        )}
        {(side === 'calling' || side === 'ended') && chat && <CallPane chat={chat} me={me} ended={side === 'ended'} t={t} />}
      </div>
    </div>
  );
}
