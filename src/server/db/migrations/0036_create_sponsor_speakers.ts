import { withParent, type AnyDb, type MigrationFactory } from './helpers';

/** Which speakers appear for a sponsor, so the sponsor agenda tab can list their sessions (docs/product.md §2). */
export const createSponsorSpeakers: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await withParent(withParent(db.schema.createTable('sponsor_speakers'), 'sponsor_id', 'sponsors.id'), 'speaker_id', 'speakers.id')
      .addPrimaryKeyConstraint('sponsor_speakers_pk', ['sponsor_id', 'speaker_id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('sponsor_speakers').execute();
  },
});
