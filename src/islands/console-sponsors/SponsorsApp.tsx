import { useEffect, useMemo } from 'react';
import type { ConsoleSponsor, ConsoleSponsorList } from '~/contracts/console-sponsors';
import { RowsPage } from '~/islands/console/RowsPage';
import { createT, type Messages } from '~/lib/translate';
import { draftOf, emptySponsor, inputOf, type SponsorDraft } from './sponsor-draft';
import { SponsorForm } from './SponsorForm';
import { sponsors } from './sponsors.store';

interface Props {
  list: ConsoleSponsorList;
  messages: Messages;
}

/** The console's sponsors page (docs/console.md "Sponsors"): the list in its order beside the form of the open sponsor. */
export default function SponsorsApp({ list, messages }: Props) {
  const t = useMemo(() => createT(messages), [messages]);
  useEffect(() => sponsors.init(list), [list]);
  const levelNames = (s: ConsoleSponsor) => list.levels.filter((l) => s.categoryIds.includes(l.id)).map((l) => l.name).join(', ');
  return (
    <RowsPage<ConsoleSponsorList, ConsoleSponsor, SponsorDraft> area="sponsors" store={sponsors} list={list} t={t}
      rowsOf={(l) => l.sponsors} withRows={(l, rows) => ({ ...l, sponsors: rows })}
      toOrderRow={(s) => ({ id: s.id, title: s.name, detail: levelNames(s), imageUrl: s.logoUrl })}
      deleteText={() => t('console.sponsors.deleteText')}
      draftOf={draftOf} empty={emptySponsor} inputOf={inputOf}
      form={(editor, sponsor, busy) => <SponsorForm editor={editor} sponsor={sponsor} levels={list.levels} busy={busy} t={t} />} />
  );
}
