import { describe, expect, it } from 'vitest';
import { landingPath, offersPlatformChoice, specialModeFrom, type LandingFacts } from '~/lib/landing';

const hybrid: LandingFacts = { hasLobby: true, hasStage: true, hasWebApp: true };

describe('landing after login (docs/product.md §2)', () => {
  it('sends screens of 768 px or less to the web app', () => {
    expect(landingPath(hybrid, 'digital', 768)).toBe('/webapp');
  });
  it('sends web-app-only events to the web app', () => {
    expect(landingPath({ hasLobby: false, hasStage: false, hasWebApp: true }, null, 1280)).toBe('/webapp');
  });
  it('follows the choice of a hybrid event: in person to the web app, digital to the lobby', () => {
    expect(landingPath(hybrid, 'webApp', 1280)).toBe('/webapp');
    expect(landingPath(hybrid, 'digital', 1280)).toBe('/');
  });
  it('goes to the stage when the digital platform has no lobby', () => {
    expect(landingPath({ ...hybrid, hasLobby: false }, 'digital', 1280)).toBe('/stage');
    expect(landingPath({ hasLobby: false, hasStage: true, hasWebApp: false }, null, 1280)).toBe('/stage');
  });
  it('offers the platform choice only when the web app and a lobby or stage exist', () => {
    expect(offersPlatformChoice(hybrid)).toBe(true);
    expect(offersPlatformChoice({ ...hybrid, hasWebApp: false })).toBe(false);
    expect(offersPlatformChoice({ hasLobby: false, hasStage: false, hasWebApp: true })).toBe(false);
  });
});

describe('results viewers\' special modes after login (docs/product.md §2)', () => {
  const facts = { hasLobby: true, hasStage: true, hasWebApp: true };

  it('sends a poll results viewer back to the poll, the template or the generic results page', () => {
    expect(landingPath(facts, null, 1280, specialModeFrom('?mode=pollResults&key=abc123'))).toBe('/pollResults/abc123');
    expect(landingPath(facts, null, 1280, specialModeFrom('?mode=pollResults&key=abc123&template=1'))).toBe('/pollResults/template/abc123');
    expect(landingPath(facts, null, 1280, specialModeFrom('?mode=pollResults'))).toBe('/pollResults');
  });

  it('sends a participant status viewer to the admission list, even on a phone', () => {
    expect(landingPath(facts, null, 390, specialModeFrom('?mode=participants'))).toBe('/participantsAdmitted');
  });

  it('ignores keys that could lead elsewhere and unknown modes', () => {
    expect(specialModeFrom('?mode=pollResults&key=//evil.example')).toEqual({ kind: 'pollResults', accessKey: null, isTemplate: false });
    expect(specialModeFrom('?mode=admin')).toBeNull();
    expect(specialModeFrom('')).toBeNull();
    expect(landingPath(facts, 'digital', 1280, null)).toBe('/');
  });
});
