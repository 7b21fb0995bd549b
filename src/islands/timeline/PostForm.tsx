import { useEffect, useId, useRef, useState, type ClipboardEvent, type DragEvent, type SubmitEvent } from 'react';
import type { Translate } from '~/lib/translate';
import { ACCEPTED_TYPES, checkPicked, uploadable, type PickProblem } from './image-files';
import { send, type SendFailure } from './timeline.store';

/** How long "Your post is in the feed" stays. */
const POSTED_NOTE_MS = 4000;

/** docs/product.md §4: a send button is re-enabled 1.5 s after success. */
const SEND_REENABLE_MS = 1500;

interface Picked {
  file: File;
  preview: string;
}

export interface PostFormProps {
  t: Translate;
  /** A comment on this post; a new post when absent. */
  inReplyTo?: number;
}

/**
 * The post form (docs/product.md §2 timeline tab) or a post's comment form: text, images picked, dropped
 * or pasted with previews, upload progress, and the contract (docs/product.md) §5 alerts. The post form stays one line
 * until it is tapped or focused, so the feed keeps the screen; it folds again when sent, on
 * Escape, or when the reader taps elsewhere with nothing written.
 */
export function PostForm({ t, inReplyTo }: PostFormProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState('');
  const [picked, setPicked] = useState<Picked[]>([]);
  const [problem, setProblem] = useState<PickProblem | SendFailure | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [isResting, setResting] = useState(false);
  const [isDragging, setDragging] = useState(false);
  const [isOpened, setOpened] = useState(false);
  const [isPosted, setPosted] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const isComment = inReplyTo !== undefined;

  useEffect(() => () => picked.forEach((p) => URL.revokeObjectURL(p.preview)), [picked]);

  function add(files: File[]): void {
    if (files.length === 0) return;
    const found = checkPicked(picked.length, files);
    setProblem(found);
    if (found) return;
    setPicked((held) => [...held, ...files.map((file) => ({ file, preview: URL.createObjectURL(file) }))]);
  }

  const unpick = (index: number) => setPicked((held) => held.filter((_, i) => i !== index));
  const isBusy = progress !== null || isResting;
  const isEmpty = !message.trim() && picked.length === 0;
  // A problem with picked files opens the form, so its alert sits with the buttons that act on it.
  const isFolded = !isComment && !isOpened && isEmpty && progress === null && problem === null;

  useEffect(() => {
    if (!isOpened || !isEmpty) return;
    // A tap outside an empty form folds it; a tap inside (a button Safari does not focus) does not.
    const onPointerDown = (event: PointerEvent) => {
      if (!form.current?.contains(event.target as Node)) setOpened(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpened, isEmpty]);

  async function submit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (isBusy || isEmpty) return;
    setProblem(null);
    setProgress(0);
    const blobs = await Promise.all(picked.map((p) => uploadable(p.file)));
    const result = await send(message.trim(), blobs, setProgress, inReplyTo);
    setProgress(null);
    if (!result.ok) return setProblem(result.reason);
    setMessage('');
    setPicked([]);
    setOpened(false);
    setResting(true);
    setTimeout(() => setResting(false), SEND_REENABLE_MS);
    if (result.id !== undefined) showPosted(result.id);
  }

  /** The new post is first below the promoted items: bring it into view and say it is there (docs/timeline.md). */
  function showPosted(id: number): void {
    setPosted(true);
    setTimeout(() => setPosted(false), POSTED_NOTE_MS);
    requestAnimationFrame(() => document.querySelector(`[data-post-id="${id}"]`)?.scrollIntoView({ block: 'center' }));
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };
  const onPaste = (event: ClipboardEvent) => {
    const files = Array.from(event.clipboardData.files);
    if (files.length === 0) return;
    event.preventDefault();
    add(files);
  };

  return (
    <form ref={form} className={`timeline-form${isComment ? ' is-comment' : ''}${isFolded ? ' is-folded' : ''}${isDragging ? ' is-dragging' : ''}`}
      onSubmit={(e) => void submit(e)} onFocus={() => setOpened(true)}
      onKeyDown={(e) => { if (e.key === 'Escape' && isEmpty) { setOpened(false); (document.activeElement as HTMLElement | null)?.blur(); } }}
      onDragOver={(e) => { e.preventDefault(); setDragging(true); }} onDragLeave={() => setDragging(false)} onDrop={onDrop}>
      <label htmlFor={`${id}-text`} className={isComment || isFolded ? 'visually-hidden' : 'timeline-form-label'}>
        {t(isComment ? 'timeline.commentLabel' : 'timeline.postLabel')}
      </label>
      <textarea id={`${id}-text`} value={message} rows={isComment || isFolded ? 1 : 3} maxLength={5000} onPaste={onPaste}
        placeholder={t(isComment ? 'timeline.commentPlaceholder' : 'timeline.postPlaceholder')} onChange={(e) => setMessage(e.target.value)} />
      {picked.length > 0 && (
        <ul className="timeline-previews" aria-label={t('timeline.chosenImages')}>
          {picked.map((p, index) => (
            <li key={p.preview}>
              <img src={p.preview} alt={t('timeline.previewAlt', { n: index + 1 })} />
              <button type="button" className="timeline-unpick" onClick={() => unpick(index)} disabled={isBusy}
                aria-label={t('timeline.removeImage', { n: index + 1 })}>×</button>
            </li>
          ))}
        </ul>
      )}
      {problem && <p className="timeline-alert" role="alert">{t(`timeline.alerts.${problem}`)}</p>}
      {!isComment && <p className="timeline-posted" role="status">{isPosted ? t('timeline.posted') : ''}</p>}
      {progress !== null && (
        <progress className="timeline-progress" max={100} value={progress} aria-label={t('timeline.uploading')}>{progress}%</progress>
      )}
      <div className="timeline-form-actions" hidden={isFolded}>
        <input ref={fileInput} type="file" accept={ACCEPTED_TYPES.join(',')} multiple hidden
          onChange={(e) => { add(Array.from(e.target.files ?? [])); e.target.value = ''; }} />
        <button type="button" className="button secondary" onClick={() => fileInput.current?.click()} disabled={isBusy}>
          {t('timeline.addImages')}
        </button>
        <button type="submit" className="button" disabled={isBusy || isEmpty}>
          {progress !== null ? t('timeline.sending') : t(isComment ? 'timeline.sendComment' : 'timeline.sendPost')}
        </button>
      </div>
    </form>
  );
}
