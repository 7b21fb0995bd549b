import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import type { StreamSource } from '~/contracts/stage';
import { isVideoKind, streamKind, type WherebyFlags } from '~/lib/stream-kind';
import { createT, type Messages } from '~/lib/translate';
import { controlLabels } from './control-labels';
import { EmbedStream } from './EmbedStream';
import { HoldingPicture } from './HoldingPicture';
import { useEventChanges } from './use-event-changes';
import { VideoStream } from './VideoStream';
import { $holdingPicture, $onBreak, $sessionDocuments, $stream, backToMain, goBack, initStream, isMain } from './stream.store';
import './stream-player.css';

export interface StreamPlayerProps {
  eventId: number;
  locale: string;
  main: StreamSource;
  initial: StreamSource;
  /** The event's picture before the first frame (lib/holding-picture.ts); event-change replaces it. */
  holding: string | null;
  /**
   * Given where the player shows the stage (the stage, the web app): the main stage's name, for
   * when the console returns to the main stream, and whether the holding picture covers the
   * player now (a break, docs/console.md "The stage's sources"). event-change updates both.
   */
  stage?: { caption: string; onBreak: boolean };
  wherebyFlags: WherebyFlags;
  /** The locale's `stream` section. */
  messages: Messages;
}

/** The stream area (docs/product.md §2/§4): what plays, go back, back to main, and the session's documents. */
export default function StreamPlayer({ eventId, locale, main, initial, holding, stage, wherebyFlags, messages }: StreamPlayerProps) {
  const t = useMemo(() => createT(messages), [messages]);
  const controls = useMemo(() => controlLabels(t), [t]);
  // Module state is shared by every request on the server: only the browser keeps a store; the
  // server renders from props so one attendee's (or event's) stream never leaks into another page.
  const isServer = typeof window === 'undefined';
  useState(() => { if (!isServer) initStream({ eventId, main, initial, holding, stage }); });
  useEventChanges();
  const stored = useStore($stream);
  const storedHolding = useStore($holdingPicture);
  const state = isServer ? { main, current: initial, previous: undefined } : stored;
  const picture = isServer ? holding : storedHolding;
  const storedBreak = useStore($onBreak);
  const documents = useStore($sessionDocuments);
  const { current, previous } = state;
  const kind = streamKind(current.url);
  const onMain = isMain(state);
  // The break covers the stage's stream, not a session the attendee chose to watch instead.
  const onBreak = (isServer ? stage?.onBreak === true : storedBreak) && onMain;

  return (
    <section className="stream" aria-label={t('stream.region')}>
      <div className="stream-media" data-kind={kind}>
        {kind === 'none' || !current.url ? (
          <>
            <HoldingPicture src={picture} />
            <p className="stream-empty">{t('stream.noStream')}</p>
          </>
        ) : isVideoKind(kind) ? (
          <VideoStream key={current.url} url={current.url} kind={kind} title={current.title} locale={locale}
            waitingText={t('stream.waiting')} holding={picture} controlLabels={controls} />
        ) : (
          <>
            {kind !== 'image' && <HoldingPicture src={picture} />}
            <EmbedStream url={current.url} kind={kind} title={current.title} wherebyFlags={wherebyFlags}
            frameTitle={t(kind === 'whereby' ? 'stream.roomTitle' : 'stream.frameTitle', { title: current.title })} />
          </>
        )}
        {onBreak && (
          <div className="stream-break" data-testid="stream-break">
            {picture && <img className="stream-holding" src={picture} alt="" />}
            <p className="stream-break-text" role="status">{t('stream.onBreak')}</p>
          </div>
        )}
      </div>
      <div className="stream-bar">
        <p className="stream-title" aria-live="polite">{t('stream.nowPlaying', { title: current.title })}</p>
        {previous && (previous.sessionId !== undefined || previous.url !== state.main.url) && (
          <button type="button" className="button secondary" onClick={goBack}>{t('stream.goBack', { title: previous.title })}</button>
        )}
        {!onMain && <button type="button" className="button" onClick={backToMain}>{t('stream.backToMain')}</button>}
      </div>
      {documents.length > 0 && (
        <nav className="stream-documents" aria-label={t('stream.documents')}>
          <ul>
            {documents.map((doc) => (
              <li key={doc.DocumentID}><a href={doc.Documentfile} target="_blank" rel="noopener">{doc.Name}</a></li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
