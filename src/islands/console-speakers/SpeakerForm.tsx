import type { ConsoleCategory, ConsoleSpeaker } from '~/contracts/console-speakers';
import { CONTACT_LINK_TYPES, type ContactLinkType } from '~/contracts/contact-links';
import { FormField } from '~/islands/console/FormField';
import { RowForm } from '~/islands/console/RowForm';
import { PictureField } from '~/islands/console/PictureField';
import { fieldId } from '~/islands/console/row-editor';
import type { Editor } from '~/islands/console/RowsPage';
import type { Translate } from '~/lib/translate';
import type { SpeakerDraft } from './speaker-draft';
import { speakers } from './speakers.store';

interface Props {
  editor: Editor<ConsoleSpeaker, SpeakerDraft>;
  speaker: ConsoleSpeaker | undefined;
  categories: ConsoleCategory[];
  busy: boolean;
  t: Translate;
}

const id = (field: string) => fieldId('speakers', field);

/** The open speaker's fields: names, title, company, bio (rich text), photo, links and categories. */
export function SpeakerForm({ editor, speaker, categories, busy, t }: Props) {
  const { draft, setDraft, errorOf } = editor;
  const set = (change: Partial<SpeakerDraft>) => setDraft({ ...draft, ...change });
  const text = (field: 'firstName' | 'lastName' | 'jobTitle' | 'company', max: number) => (
    <FormField id={id(field)} label={t(`console.speakers.${field}`)} error={errorOf(field)}>
      {(control) => <input {...control} type="text" maxLength={max} autoComplete="off" value={draft[field]} onChange={(e) => set({ [field]: e.target.value })} />}
    </FormField>
  );
  const title = speaker ? t('console.speakers.editTitle', { name: `${speaker.firstName} ${speaker.lastName}` }) : t('console.speakers.newTitle');
  return (
    <RowForm area="speakers" title={title} editor={editor} busy={busy} t={t}>
      {text('firstName', 100)}
      {text('lastName', 100)}
      {text('jobTitle', 200)}
      {text('company', 200)}
      <FormField id={id('description')} label={t('console.speakers.description')} hint={t('console.rows.richTextHint')} error={errorOf('description')}>
        {(control) => <textarea {...control} rows={6} value={draft.description} onChange={(e) => set({ description: e.target.value })} />}
      </FormField>
      <PictureField area="speakers" kind="photo" label={t('console.speakers.photo')} url={draft.imageUrl} rowId={speaker?.id} t={t}
        upload={(rowId, file) => speakers.upload<ConsoleSpeaker>(rowId, 'photo', file)}
        onUploaded={(url) => { editor.setSaved({ ...editor.saved, imageUrl: url }); set({ imageUrl: url }); }}
        onRemove={() => set({ imageUrl: null })} onFailure={editor.failed} error={errorOf('image')} />
      <fieldset className="console-platforms console-links-field">
        <legend>{t('console.speakers.links')}</legend>
        {draft.links.map((link, index) => (
          <div className="console-row" key={index}>
            <label className="visually-hidden" htmlFor={id(`links.${index}.type`)}>{t('console.speakers.linkType', { n: index + 1 })}</label>
            <select id={id(`links.${index}.type`)} value={link.type}
              onChange={(e) => set({ links: draft.links.map((l, i) => (i === index ? { ...l, type: e.target.value as ContactLinkType } : l)) })}>
              {CONTACT_LINK_TYPES.map((type) => <option key={type} value={type}>{type}</option>)}
            </select>
            <label className="visually-hidden" htmlFor={id(`links.${index}.url`)}>{t('console.speakers.linkUrl', { n: index + 1 })}</label>
            <input id={id(`links.${index}.url`)} type="url" inputMode="url" value={link.url} aria-invalid={errorOf(`links.${index}.url`) !== undefined}
              aria-describedby={errorOf(`links.${index}.url`) ? `${id(`links.${index}.url`)}-error` : undefined}
              onChange={(e) => set({ links: draft.links.map((l, i) => (i === index ? { ...l, url: e.target.value } : l)) })} />
            <button type="button" className="button secondary" onClick={() => set({ links: draft.links.filter((_, i) => i !== index) })}
              aria-label={t('console.speakers.removeLink', { n: index + 1 })}>{t('console.rows.remove')}</button>
            {errorOf(`links.${index}.url`) && <p id={`${id(`links.${index}.url`)}-error`} className="console-field-error">{errorOf(`links.${index}.url`)}</p>}
          </div>
        ))}
        <button type="button" className="button secondary" onClick={() => set({ links: [...draft.links, { type: 'Web', url: '' }] })}>{t('console.speakers.addLink')}</button>
      </fieldset>
      {categories.length > 0 && (
        <fieldset id={id('categoryIds')} tabIndex={-1} className="console-platforms" aria-describedby={errorOf('categoryIds') ? `${id('categoryIds')}-error` : undefined}>
          <legend>{t('console.speakers.categories')}</legend>
          {categories.map((c) => (
            <label key={c.id} className="console-check">
              <input type="checkbox" checked={draft.categoryIds.includes(c.id)}
                onChange={(e) => set({ categoryIds: e.target.checked ? [...draft.categoryIds, c.id] : draft.categoryIds.filter((x) => x !== c.id) })} />
              {c.name}
            </label>
          ))}
          {errorOf('categoryIds') && <p id={`${id('categoryIds')}-error`} className="console-field-error">{errorOf('categoryIds')}</p>}
        </fieldset>
      )}
    </RowForm>
  );
}
