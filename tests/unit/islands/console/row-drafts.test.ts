import { describe, expect, it } from 'vitest';
import { emptySpeaker, inputOf as speakerInput } from '~/islands/console-speakers/speaker-draft';
import { emptySponsor, inputOf as sponsorInput } from '~/islands/console-sponsors/sponsor-draft';

describe('console forms: what a save sends', () => {
  it('sends a speaker\'s photo only as its removal', () => {
    const saved = { ...emptySpeaker(), firstName: 'Ada', imageUrl: '/api/asset/uploads/1/a.png' };
    expect(speakerInput(saved, saved)).not.toHaveProperty('imageUrl');
    expect(speakerInput({ ...saved, imageUrl: null }, saved)).toMatchObject({ imageUrl: null });
  });

  it('sends a sponsor\'s contacts as ids and no meeting room when both its fields are empty', () => {
    const draft = { ...emptySponsor(), name: 'Acme', contacts: [{ id: 7, name: 'Bob', email: 'bob@example.org' }] };
    expect(sponsorInput(draft, draft)).toMatchObject({ name: 'Acme', contactIds: [7], meetingRoom: null, leadForm: true });
    expect(sponsorInput({ ...draft, roomName: 'Booth', roomUrl: '' }, draft)).toMatchObject({ meetingRoom: { name: 'Booth', url: '' } });
  });
});
