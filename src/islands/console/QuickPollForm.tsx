import { useId, useRef, useState, type FormEvent } from 'react';
import type { Translate } from '~/lib/translate';
import { quickPoll, type ControlFailure as Failure } from './console.store';
import { ControlFailure } from './ControlFailure';

interface Props {
  isPending: boolean;
  failure: Failure | undefined;
  t: Translate;
}

const FIRST = ['', '', ''];

/**
 * A poll made on the spot during the show: the question and its alternatives typed on a phone,
 * opened at once and put on the stage (docs/console.md "Preparing polls"); the whole editor is at
 * /console/polls.
 */
export function QuickPollForm({ isPending, failure, t }: Props) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [alternatives, setAlternatives] = useState(FIRST);
  const [onStage, setOnStage] = useState(true);
  const details = useRef<HTMLDetailsElement>(null);
  const filled = alternatives.map((a) => a.trim()).filter((a) => a !== '');
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await quickPoll({ title: title.trim(), alternatives: filled, onStage }))) return;
    setTitle('');
    setAlternatives(FIRST);
    details.current?.removeAttribute('open');
  };
  const setAt = (index: number, value: string) => setAlternatives((list) => list.map((a, i) => (i === index ? value : a)));
  return (
    <details className="console-pin" ref={details}>
      <summary>{t('console.quickPoll.title')}</summary>
      <form className="console-form" onSubmit={(event) => void send(event)}>
        <label htmlFor={`${id}-title`}>{t('console.quickPoll.question')}</label>
        <input id={`${id}-title`} type="text" maxLength={200} value={title} onChange={(event) => setTitle(event.target.value)} enterKeyHint="next" />
        <fieldset className="console-platforms console-alternatives">
          <legend>{t('console.quickPoll.alternatives')}</legend>
          {alternatives.map((value, index) => (
            <input
              key={index} type="text" maxLength={500} value={value} enterKeyHint={index === alternatives.length - 1 ? 'done' : 'next'}
              aria-label={t('console.quickPoll.alternative', { number: index + 1 })} placeholder={t('console.quickPoll.alternative', { number: index + 1 })} onChange={(event) => setAt(index, event.target.value)}
            />
          ))}
          {alternatives.length < 10 && (
            <button type="button" className="button" onClick={() => setAlternatives((list) => [...list, ''])}>{t('console.quickPoll.add')}</button>
          )}
        </fieldset>
        <label className="console-check"><input type="checkbox" checked={onStage} onChange={(event) => setOnStage(event.target.checked)} />{t('console.quickPoll.onStage')}</label>
        <button type="submit" className="button primary" disabled={isPending || title.trim() === '' || filled.length < 2}>{t('console.quickPoll.send')}</button>
        {filled.length < 2 && <p className="console-hint">{t('console.quickPoll.hint')}</p>}
        <ControlFailure failure={failure} t={t} />
      </form>
    </details>
  );
}
