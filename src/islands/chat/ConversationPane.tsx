import { useStore } from '@nanostores/react';
import { AS_SERVER_RENDERED } from '~/islands/ui/use-hydrated';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Chat } from '~/contracts/chat';
import type { Locale } from '~/contracts/event-settings';
import { emitPageEvent } from '~/lib/page-events';
import type { Translate } from '~/lib/translate';
import { Avatar } from './Avatar';
import { $earlier, earlierState, loadEarlier, send, showScreen, startCall } from './chat.store';
import { counterpartOf, fullName, groupByDay, isMySupportChat, isSupportRequest, messageTime } from './chat-view';

interface Props {
  chat: Chat;
  me: number;
  zone: string;
  locale: Locale;
  t: Translate;
  /** Online status is known (presence): shows the status line and the call button. */
  hasPresence: boolean;
  /** The modal's close button; absent in the stage tab. */
  onClose?: (() => void) | undefined;
}

/**
 * docs/product.md §2 conversation: header (avatar, name opening the profile, online status, call, back and
 * close), the messages grouped by day (docs/product.md §9 formats, event zone), and the input whose send
 * button is disabled while empty or sending.
 */
export function ConversationPane({ chat, me, zone, locale, t, hasPresence, onClose }: Props) {
  const other = counterpartOf(chat, me);
  const title = isMySupportChat(chat, me) ? t('chat.supportTeam') : other ? fullName(other) : t('chat.support');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const log = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const lastId = chat.Messages.at(-1)?.ChatMessageID ?? 0;
  const nameOf = (userId: number) => {
    const user = chat.Users.find((u) => u.UserID === userId);
    return userId === me ? t('chat.you') : user ? fullName(user) : t('chat.support');
  };
  const lastMine = [...chat.Messages].reverse().find((m) => m.UserID === me);

  const earlier = earlierState(chat, useStore($earlier, AS_SERVER_RENDERED));
  const firstId = chat.Messages[0]?.ChatMessageID ?? 0;
  /** Distance from the bottom before earlier messages were put on top, so the view stays where it was. */
  const keepFromBottom = useRef<number | null>(null);

  useEffect(() => {
    const box = log.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lastId, chat.ChatID]);

  useLayoutEffect(() => {
    const box = log.current;
    if (!box || keepFromBottom.current === null) return;
    box.scrollTop = box.scrollHeight - keepFromBottom.current;
    keepFromBottom.current = null;
  }, [firstId]);

  const showEarlier = () => {
    const box = log.current;
    if (box) keepFromBottom.current = box.scrollHeight - box.scrollTop;
    void loadEarlier(chat.ChatID);
  };

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    const ok = await send(chat.ChatID, text);
    setSending(false);
    setFailed(!ok);
    if (ok) setText('');
    input.current?.focus();
  };

  const now = new Date();
  return (
    <div className="chat-conversation">
      <div className="chat-pane-header">
        <button type="button" className="button secondary chat-back" onClick={() => showScreen({ mode: 'list' })}>{t('chat.back')}</button>
        <Avatar user={isMySupportChat(chat, me) ? undefined : other} {...(isMySupportChat(chat, me) ? { label: '?' } : {})} />
        <div className="chat-peer">
          {other && !isMySupportChat(chat, me)
            ? <button type="button" className="link-button chat-peer-name" aria-label={t('chat.openProfile', { name: title })}
                onClick={() => emitPageEvent('open-profile', { userId: other.UserID })}>{title}</button>
            : <h3 className="chat-peer-name">{title}</h3>}
          {isSupportRequest(chat, me) && <span className="chat-support-tag">{t('chat.supportRequest')}</span>}
          {hasPresence && other && !isMySupportChat(chat, me) && (
            <span className={`chat-status ${other.Online ? 'is-online' : ''}`}>{other.Online ? t('chat.online') : t('chat.offline')}</span>
          )}
        </div>
        {hasPresence && other && !chat.isSupport && (
          <button type="button" className="chat-icon-button chat-call-button" aria-label={t('chat.call', { name: title })}
            onClick={() => startCall(chat.ChatID, other.Online)}>
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20"><path d="M2 4.5a1.5 1.5 0 0 1 1.5-1.5h2l1.5 3.5-1.8 1.2a9 9 0 0 0 5.1 5.1l1.2-1.8 3.5 1.5v2a1.5 1.5 0 0 1-1.5 1.5C8.5 17 3 11.5 2 4.5z" fill="currentColor" /></svg>
          </button>
        )}
        {onClose && <button type="button" className="dialog-close" aria-label={t('chat.close')} onClick={onClose}>×</button>}
      </div>
      <div className="chat-messages" ref={log} role="log" aria-live="polite" tabIndex={0} aria-label={t('chat.messagesLabel', { name: title })}>
        {chat.Messages.length === 0 && <p className="chat-note">{t('chat.noMessages')}</p>}
        {earlier !== 'none' && (
          <div className="chat-earlier">
            <button type="button" className="button secondary" disabled={earlier === 'loading'} onClick={showEarlier}>
              {t(earlier === 'loading' ? 'chat.earlierLoading' : 'chat.earlier')}
            </button>
            {earlier === 'failed' && <p className="chat-note" role="alert">{t('chat.earlierFailed')}</p>}
          </div>
        )}
        {groupByDay(chat.Messages, zone, locale).map((group) => (
          <section key={group.day} className="chat-day" aria-label={group.heading}>
            <h4 className="chat-day-heading">{group.heading}</h4>
            {group.messages.map((m) => (
              <div key={m.ChatMessageID} className={`chat-message ${m.UserID === me ? 'is-mine' : ''}`}>
                <span className="chat-message-meta">
                  <span className="chat-author">{nameOf(m.UserID)}</span>{' · '}<time dateTime={m.CreatedAt}>{messageTime(m.CreatedAt, zone, locale, now)}</time>
                </span>
                <p className="chat-message-text">{m.Message}</p>
                {m === lastMine && m.readby.length > 0 && <span className="chat-read">{t('chat.read')}</span>}
              </div>
            ))}
          </section>
        ))}
      </div>
      <form className="chat-composer" onSubmit={(e) => void submit(e)}>
        <label className="visually-hidden" htmlFor={`chat-input-${chat.ChatID}`}>{t('chat.messageLabel')}</label>
        <textarea id={`chat-input-${chat.ChatID}`} ref={input} rows={2} maxLength={2000} value={text}
          placeholder={t('chat.messagePlaceholder')} onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter' && !e.shiftKey) void submit(e); }} />
        <button type="submit" className="button" disabled={!text.trim() || sending}>{t('chat.send')}</button>
        {failed && <p className="chat-note" role="alert">{t('chat.sendFailed')}</p>}
      </form>
    </div>
  );
}
