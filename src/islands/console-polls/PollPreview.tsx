import { useId, useMemo, useState } from 'react';
import type { Locale } from '~/contracts/event-settings';
import { AnswerInput } from '~/islands/polls/AnswerInput';
import { EMPTY_DRAFT, pollKind, type Draft } from '~/islands/polls/poll-view';
import { createT, type Messages, type Translate } from '~/lib/translate';
import { previewOf, type PollForm } from './poll-draft';
import '~/islands/polls/polls.css';

interface Props {
  form: PollForm;
  /** The attendees' poll texts (`polls`) of each language, the event's own first. */
  languages: { locale: Locale; messages: Messages }[];
  t: Translate;
}

/**
 * The poll as attendees will see it (docs/console.md "Preparing polls"), from the form as it stands,
 * in each language: the attendees' own answer controls (`islands/polls/AnswerInput`), to try;
 * nothing is sent from here.
 */
export function PollPreview({ form, languages, t }: Props) {
  const id = useId();
  const [locale, setLocale] = useState<Locale>(languages[0]?.locale ?? 'en');
  const shown = languages.find((l) => l.locale === locale) ?? languages[0];
  const pt = useMemo(() => createT(shown?.messages ?? {}), [shown]);
  const poll = previewOf(form);
  const kind = pollKind(poll);
  const questions = kind === 'quiz' || kind === 'hunt' ? poll.items.map((item) => item.poll) : [poll];
  // What was tried is kept while the alternatives stay as they are (the preview's ids are positions).
  const signature = JSON.stringify(questions.map((question) => question.alternatives.map((a) => a.text)));
  const [tried, setTried] = useState<{ signature: string; drafts: Record<number, Draft> }>({ signature, drafts: {} });
  const drafts = tried.signature === signature ? tried.drafts : {};
  const draftOf = (pollId: number) => drafts[pollId] ?? EMPTY_DRAFT;
  return (
    <section className="console-preview" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('console.pollEditor.preview.title')}</h3>
      <p className="console-hint">{t('console.pollEditor.preview.hint')}</p>
      <div className="console-actions" role="group" aria-label={t('console.pollEditor.preview.language')}>
        {languages.map((l) => (
          <button key={l.locale} type="button" className="button secondary" lang={l.locale} aria-pressed={l.locale === locale}
            onClick={() => setLocale(l.locale)}>{t(`console.pollEditor.preview.${l.locale}`)}</button>
        ))}
      </div>
      <article className="poll-view console-preview-poll" lang={locale} data-testid="poll-preview" aria-label={t('console.pollEditor.preview.title')}>
        <h4 className="poll-title">{poll.title}</h4>
        {poll.question && poll.question !== poll.title && <p className="poll-question-text">{poll.question}</p>}
        {questions.map((question, index) => (
          <div key={question.id} className="poll-form">
            {question !== poll && (
              <>
                <p className="poll-step">{pt('polls.step', { position: index + 1, count: questions.length })}</p>
                <h5 className="poll-question">{question.question || question.title}</h5>
              </>
            )}
            <AnswerInput poll={question} draft={draftOf(question.id)} onChange={(next) => setTried({ signature, drafts: { ...drafts, [question.id]: next } })}
              isMulti={question !== poll && !question.hasOneCorrectAnswer} isLocked={false} t={pt} />
          </div>
        ))}
        <div className="poll-actions">
          <button type="button" className="button" disabled>{pt(questions.length > 1 || kind === 'quiz' ? 'polls.submit' : 'polls.send')}</button>
        </div>
      </article>
    </section>
  );
}
