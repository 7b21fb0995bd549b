import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, type Features } from '~/contracts/event-settings';
import { fullName, hasMoreInfo, initialsOf, participantRules } from '~/lib/participant-rules';

const features = (...on: string[]): Features =>
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, on.includes(flag)])) as Features;

describe('participant rules (docs/product.md §5)', () => {
  it('shows the message button by the chat flag of the place', () => {
    expect(participantRules(features('stageChatEnabled'), 'stage').canMessage).toBe(true);
    expect(participantRules(features('stageChatEnabled'), 'webapp').canMessage).toBe(false);
    expect(participantRules(features('webAppChat'), 'webapp').canMessage).toBe(true);
    expect(participantRules(features('lobbyChatEnabled'), 'lobby').canMessage).toBe(true);
    expect(participantRules(features('stageChatEnabled', 'webAppChat'), 'lobby').canMessage).toBe(false);
  });

  it('shows online status by the place\'s show-online flag', () => {
    expect(participantRules(features('stageTabParticipantsShowOnline'), 'stage').showOnline).toBe(true);
    expect(participantRules(features('stageTabParticipantsShowOnline'), 'webapp').showOnline).toBe(true);
    expect(participantRules(features('stageTabParticipantsShowOnline'), 'lobby').showOnline).toBe(false);
    expect(participantRules(features('lobbyParticipantListShowOnline'), 'lobby').showOnline).toBe(true);
  });

  it('offers More info when e-mail or phone is visible or About2 is set', () => {
    expect(hasMoreInfo({ Email: null, Phone: null, About2: null })).toBe(false);
    expect(hasMoreInfo({ Email: 'a@b.c', Phone: null, About2: null })).toBe(true);
    expect(hasMoreInfo({ Email: null, Phone: '+47 1', About2: null })).toBe(true);
    expect(hasMoreInfo({ Email: null, Phone: null, About2: '' })).toBe(true);
  });

  it('names and initials a participant', () => {
    expect(fullName({ Firstname: 'Bea', Lastname: 'Berg' })).toBe('Bea Berg');
    expect(initialsOf({ Firstname: 'bea', Lastname: 'berg' })).toBe('BB');
    expect(initialsOf({ Firstname: '', Lastname: '' })).toBe('?');
  });
});
