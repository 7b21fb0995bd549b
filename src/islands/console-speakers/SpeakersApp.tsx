import { useEffect, useMemo } from 'react';
import type { ConsoleSpeaker, ConsoleSpeakerList } from '~/contracts/console-speakers';
import { RowsPage } from '~/islands/console/RowsPage';
import { createT, type Messages } from '~/lib/translate';
import { draftOf, emptySpeaker, inputOf, type SpeakerDraft } from './speaker-draft';
import { SpeakerForm } from './SpeakerForm';
import { speakers } from './speakers.store';

interface Props {
  list: ConsoleSpeakerList;
  messages: Messages;
}

const nameOf = (s: ConsoleSpeaker) => `${s.firstName} ${s.lastName}`.trim();

/** The console's speakers page (docs/console.md "Speakers"): the list in its order beside the form of the open speaker. */
export default function SpeakersApp({ list, messages }: Props) {
  const t = useMemo(() => createT(messages), [messages]);
  useEffect(() => speakers.init(list), [list]);
  return (
    <RowsPage<ConsoleSpeakerList, ConsoleSpeaker, SpeakerDraft> area="speakers" store={speakers} list={list} t={t}
      rowsOf={(l) => l.speakers} withRows={(l, rows) => ({ ...l, speakers: rows })}
      toOrderRow={(s) => ({ id: s.id, title: nameOf(s), detail: [s.jobTitle, s.company].filter(Boolean).join(', '), imageUrl: s.imageUrl })}
      deleteText={(s) => (s.sessionCount > 0 ? t('console.speakers.deleteOnSessions', { count: s.sessionCount }) : t('console.speakers.deleteText'))}
      draftOf={draftOf} empty={emptySpeaker} inputOf={inputOf}
      form={(editor, speaker, busy) => <SpeakerForm editor={editor} speaker={speaker} categories={list.categories} busy={busy} t={t} />} />
  );
}
