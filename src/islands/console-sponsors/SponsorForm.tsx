import type { ConsoleCategory } from '~/contracts/console-speakers';
import type { ConsoleSponsor } from '~/contracts/console-sponsors';
import { FormField } from '~/islands/console/FormField';
import { RowForm } from '~/islands/console/RowForm';
import { PictureField } from '~/islands/console/PictureField';
import { fieldId } from '~/islands/console/row-editor';
import type { Editor } from '~/islands/console/RowsPage';
import type { Translate } from '~/lib/translate';
import { ContactPicker } from './ContactPicker';
import { SponsorDocuments } from './SponsorDocuments';
import type { SponsorDraft } from './sponsor-draft';
import { sponsors } from './sponsors.store';

interface Props {
  editor: Editor<ConsoleSponsor, SponsorDraft>;
  sponsor: ConsoleSponsor | undefined;
  levels: ConsoleCategory[];
  busy: boolean;
  t: Translate;
}

const id = (field: string) => fieldId('sponsors', field);

/** The open sponsor's fields: name, level, logo, description, contact people, meeting room, the lead form, and its documents (each change saved at once). */
export function SponsorForm({ editor, sponsor, levels, busy, t }: Props) {
  const { draft, setDraft, errorOf } = editor;
  const set = (change: Partial<SponsorDraft>) => setDraft({ ...draft, ...change });
  return (
    <RowForm area="sponsors" title={sponsor ? t('console.sponsors.editTitle', { name: sponsor.name }) : t('console.sponsors.newTitle')} editor={editor} busy={busy} t={t}>
      <FormField id={id('name')} label={t('console.sponsors.name')} error={errorOf('name')}>
        {(control) => <input {...control} type="text" maxLength={200} autoComplete="off" value={draft.name} onChange={(e) => set({ name: e.target.value })} />}
      </FormField>
      {levels.length > 0 && (
        <fieldset id={id('categoryIds')} tabIndex={-1} className="console-platforms">
          <legend>{t('console.sponsors.levels')}</legend>
          {levels.map((level) => (
            <label key={level.id} className="console-check">
              <input type="checkbox" checked={draft.categoryIds.includes(level.id)}
                onChange={(e) => set({ categoryIds: e.target.checked ? [...draft.categoryIds, level.id] : draft.categoryIds.filter((x) => x !== level.id) })} />
              {level.name}
            </label>
          ))}
          {errorOf('categoryIds') && <p className="console-field-error">{errorOf('categoryIds')}</p>}
        </fieldset>
      )}
      <PictureField area="sponsors" kind="logo" label={t('console.sponsors.logo')} url={draft.logoUrl} rowId={sponsor?.id} t={t}
        upload={(rowId, file) => sponsors.upload<ConsoleSponsor>(rowId, 'logo', file)}
        onUploaded={(url) => { editor.setSaved({ ...editor.saved, logoUrl: url }); set({ logoUrl: url }); }}
        onRemove={() => set({ logoUrl: null })} onFailure={editor.failed} error={errorOf('image')} />
      <FormField id={id('description')} label={t('console.sponsors.description')} hint={t('console.rows.richTextHint')} error={errorOf('description')}>
        {(control) => <textarea {...control} rows={6} value={draft.description} onChange={(e) => set({ description: e.target.value })} />}
      </FormField>
      <ContactPicker contacts={draft.contacts} onChange={(contacts) => set({ contacts })} error={errorOf('contactIds')} t={t} />
      <fieldset className="console-platforms console-room">
        <legend>{t('console.sponsors.room')}</legend>
        <p className="console-hint">{t('console.sponsors.roomHint')}</p>
        <FormField id={id('meetingRoom.name')} label={t('console.sponsors.roomName')} error={errorOf('meetingRoom.name')}>
          {(control) => <input {...control} type="text" maxLength={200} value={draft.roomName} onChange={(e) => set({ roomName: e.target.value })} />}
        </FormField>
        <FormField id={id('meetingRoom.url')} label={t('console.sponsors.roomUrl')} error={errorOf('meetingRoom.url')}>
          {(control) => <input {...control} type="url" inputMode="url" value={draft.roomUrl} onChange={(e) => set({ roomUrl: e.target.value })} />}
        </FormField>
      </fieldset>
      <label className="console-check">
        <input id={id('leadForm')} type="checkbox" checked={draft.leadForm} onChange={(e) => set({ leadForm: e.target.checked })} />
        {t('console.sponsors.leadForm')}
      </label>
      <SponsorDocuments key={sponsor?.id ?? 'new'} sponsor={sponsor} t={t} />
    </RowForm>
  );
}
