import { useStore } from '@nanostores/react';
import { AS_SERVER_RENDERED } from '~/islands/ui/use-hydrated';
import type { Chat } from '~/contracts/chat';
import { Dialog } from '~/islands/ui/Dialog';
import type { Translate } from '~/lib/translate';
import { Avatar } from './Avatar';
import { $callNotSent, selectChat, showScreen } from './chat.store';
import { counterpartOf, fullName } from './chat-view';

/**
 * docs/product.md §2 call modes. A real video call is later (docs/decisions.md): the outgoing call says so
 * and can be ended; ending shows 'Call ended' with the way back to the chat.
 */
export function CallPane({ chat, me, ended, t }: { chat: Chat; me: number; ended: boolean; t: Translate }) {
  const other = counterpartOf(chat, me);
  const name = other ? fullName(other) : '';
  return (
    <div className="chat-call" role="status">
      <Avatar user={other} />
      <h3>{ended ? t('chat.callEnded') : t('chat.calling', { name })}</h3>
      {!ended && <p>{t('chat.callsUnavailable')}</p>}
      {ended
        ? <button type="button" className="button" onClick={() => selectChat(chat.ChatID)}>{t('chat.backToChat')}</button>
        : <button type="button" className="button" onClick={() => showScreen({ mode: 'ended', chatId: chat.ChatID })}>{t('chat.endCall')}</button>}
    </div>
  );
}

/** docs/product.md §2 and §8: 'Call not sent' — the person is offline. */
export function CallNotSentDialog({ t }: { t: Translate }) {
  const isOpen = useStore($callNotSent, AS_SERVER_RENDERED);
  const close = () => $callNotSent.set(false);
  return (
    <Dialog isOpen={isOpen} title={t('chat.callNotSent')} onClose={close} closeLabel={t('chat.ok')}>
      <p>{t('chat.callNotSentText')}</p>
      <div className="dialog-actions"><button type="button" className="button" onClick={close}>{t('chat.ok')}</button></div>
    </Dialog>
  );
}
