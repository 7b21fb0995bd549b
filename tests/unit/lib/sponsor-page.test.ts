import { describe, expect, it } from 'vitest';
import { featuredSponsors, filterSponsors, isRoomAvailable, sponsorTabs } from '~/lib/sponsor-page';
import { validateLead, leadValues } from '~/lib/lead-form';

const all = { sponsorInfo: true, sponsorAgendaTab: true, sponsorContact: true, sponsorPolls: true, sponsorUsers: true, sponsorWherebyRooms: true, sponsorDocumentsTab: true };
const some = { sessions: 1, polls: 1, users: 1, rooms: 1, documents: 1 };

describe('sponsor page rules', () => {
  it('shows each tab only with its flag and, where docs/product.md §2 says so, with content', () => {
    expect(sponsorTabs(all, some)).toEqual(['info', 'agenda', 'contact', 'polls', 'contacts', 'rooms', 'documents']);
    expect(sponsorTabs(all, { sessions: 0, polls: 0, users: 0, rooms: 0, documents: 0 })).toEqual(['info', 'contact']);
    expect(sponsorTabs({ ...all, sponsorInfo: false, sponsorContact: false }, { ...some, sessions: 0 })[0]).toBe('polls');
  });

  it('features the first five sponsors by order that have a logo', () => {
    const list = [6, 1, 3, 2, 5, 4, 7].map((order) => ({ id: order, order, logoUrl: order === 2 ? null : `/l${order}.svg` }));
    expect(featuredSponsors(list).map((s) => s.order)).toEqual([1, 3, 4, 5, 6]);
  });

  it('opens a room only between its start and end', () => {
    const room = { wherebyStartDate: '2025-06-02T10:00:00Z', wherebyEndDate: '2025-06-02T11:00:00Z' };
    expect(isRoomAvailable(room, Date.parse('2025-06-02T09:59:59Z'))).toBe(false);
    expect(isRoomAvailable(room, Date.parse('2025-06-02T10:30:00Z'))).toBe(true);
    expect(isRoomAvailable(room, Date.parse('2025-06-02T11:00:00Z'))).toBe(false);
  });

  it('filters sponsors by name and category', () => {
    const list = [
      { id: 1, name: 'Nordvind', logoUrl: null, order: 1, categories: [{ value: 1, label: 'Platinum' }] },
      { id: 2, name: 'Polar Grid', logoUrl: null, order: 2, categories: [{ value: 2, label: 'Gold' }] },
    ];
    expect(filterSponsors(list, ' polar ', null).map((s) => s.id)).toEqual([2]);
    expect(filterSponsors(list, '', 1).map((s) => s.id)).toEqual([1]);
  });

  it('validates the lead form by docs/product.md §5 and reports every broken field', () => {
    expect(validateLead(leadValues({ firstName: 'A', lastName: 'B', company: 'C', description: 'abcd' })).invalid).toEqual([]);
    expect(validateLead(leadValues({ email: 'x@', description: 'abc' })).invalid).toEqual(['firstName', 'lastName', 'email', 'company', 'description']);
  });
});
