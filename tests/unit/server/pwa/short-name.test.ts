import { describe, expect, it } from 'vitest';
import { SHORT_NAME_MAX, shortName } from '~/server/pwa/short-name';

describe('shortName (the label under the home-screen icon)', () => {
  it('keeps a name that fits whole', () => {
    expect(shortName('Oslo Summit')).toBe('Oslo Summit');
    expect(shortName('  Oslo   Summit ')).toBe('Oslo Summit');
  });

  it('keeps the leading whole words that fit in 12 characters, never part of a word', () => {
    expect(shortName('Northern Lights Summit')).toBe('Northern');
    expect(shortName('Oslo Tech Forum 2026')).toBe('Oslo Tech');
    expect(shortName('NDC Oslo – Developers Conference')).toBe('NDC Oslo');
  });

  it('drops punctuation left at the end of the words kept', () => {
    expect(shortName('Arctic 2026: Energy and Climate')).toBe('Arctic 2026');
  });

  it('uses the initials when even the first word is too long', () => {
    expect(shortName('Supercalifragilistic Innovation Days')).toBe('SID');
  });

  it('falls back to the slug, then to a marked cut, for one very long word', () => {
    expect(shortName('Donaudampfschifffahrtsgesellschaft', 'ddsg')).toBe('ddsg');
    const cut = shortName('Donaudampfschifffahrtsgesellschaft', 'donaudampfschifffahrt');
    expect(cut).toBe('Donaudampfs…');
    expect([...cut].length).toBe(SHORT_NAME_MAX);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(shortName('Økonomiforum Trøndelag')).toBe('Økonomiforum');
  });
});
