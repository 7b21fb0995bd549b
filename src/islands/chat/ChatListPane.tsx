import { useStore } from '@nanostores/react';
import { AS_SERVER_RENDERED } from '~/islands/ui/use-hydrated';
import { useState } from 'react';
import type { Chat } from '~/contracts/chat';
import type { Translate } from '~/lib/translate';
import { Avatar } from './Avatar';
import { $chatsLive, $chatsState, refreshChats, selectChat, showScreen, NO_CHATS_YET } from './chat.store';
import { counterpartOf, fullName, isMySupportChat, isSupportRequest, visibleChats } from './chat-view';

interface Props {
  me: number;
  t: Translate;
  selectedId: number | undefined;
}

/** docs/product.md §2 chat list: search, New chat, the chats with messages, newest first, with unread counts. */
export function ChatListPane({ me, t, selectedId }: Props) {
  const chats = useStore($chatsLive, NO_CHATS_YET);
  const state = useStore($chatsState, AS_SERVER_RENDERED);
  const [search, setSearch] = useState('');
  const shown = visibleChats(chats, me, search, t('chat.supportTeam'));
  const titleOf = (chat: Chat) => {
    const other = counterpartOf(chat, me);
    return isMySupportChat(chat, me) ? t('chat.supportTeam') : other ? fullName(other) : t('chat.support');
  };

  return (
    <div className="chat-list-pane">
      <div className="chat-list-tools">
        <input type="search" className="chat-search" value={search} onChange={(e) => setSearch(e.target.value)}
          aria-label={t('chat.search')} placeholder={t('chat.search')} />
        <button type="button" className="button" onClick={() => showScreen({ mode: 'new' })}>{t('chat.newChat')}</button>
      </div>
      {state === 'loading' && chats.length === 0 && <p className="chat-note" role="status">{t('chat.loading')}</p>}
      {state === 'failed' && (
        <p className="chat-note" role="alert">
          {t('chat.failed')} <button type="button" className="link-button" onClick={() => void refreshChats()}>{t('chat.retry')}</button>
        </p>
      )}
      {state === 'loaded' && shown.length === 0 && <p className="chat-note">{search.trim() ? t('chat.noMatch') : t('chat.empty')}</p>}
      <ul className="chat-list" aria-label={t('chat.listLabel')}>
        {shown.map((chat) => {
          const title = titleOf(chat);
          const last = chat.Messages.at(-1);
          return (
            <li key={chat.ChatID}>
              <button type="button" className="chat-list-item" aria-current={chat.ChatID === selectedId ? 'true' : undefined}
                onClick={() => selectChat(chat.ChatID)}>
                <Avatar user={isMySupportChat(chat, me) ? undefined : counterpartOf(chat, me)} showOnline
                  {...(isMySupportChat(chat, me) ? { label: '?' } : {})} />
                <span className="chat-list-text">
                  <span className="chat-list-name">
                    {title}
                    {isSupportRequest(chat, me) && <span className="chat-support-tag">{t('chat.supportRequest')}</span>}
                  </span>
                  {last && <span className="chat-list-last">{last.UserID === me ? `${t('chat.you')}: ` : ''}{last.Message}</span>}
                </span>
                {chat.unread > 0 && (
                  <span className="chat-unread-badge" aria-label={t('chat.unread', { count: chat.unread })}>{chat.unread}</span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
