import { describe, expect, it } from 'vitest';
import { copiesToSave, isOfflineData, isOfflinePage, savedAgo } from '~/lib/offline-cache';

describe('what the service worker keeps for offline use', () => {
  it('keeps the lobby, stage, web app and a ticket by numeric id or by code', () => {
    for (const path of ['/', '/stage', '/webapp', '/qrTicket/123', '/qrTicket/Xk3_9fQ-a7Lm2pRt']) expect(isOfflinePage(path), path).toBe(true);
  });

  it('keeps no login, results, admin or other page', () => {
    for (const path of ['/login', '/login/pwa', '/pollResults/abc', '/participants/1234', '/sponsor/1', '/qrTicket/', '/qrTicket/1/x', '/webapp/x']) {
      expect(isOfflinePage(path), path).toBe(false);
    }
  });

  it('keeps the agenda, bookings, info pages, documents and the own profile (the ticket), and nothing else of the API', () => {
    for (const path of ['/api/liveEvent/1/liveGetAgendaInfo', '/api/liveEvent/demo/liveGetAgendaInfo/bookedSessions', '/api/liveEvent/1/getInfoPages',
      '/api/liveEvent/1/getPage/7', '/api/liveEvent/1/getAllDocuments', '/api/liveEvent/1/getOwnUserInfoFromSession']) {
      expect(isOfflineData(path), path).toBe(true);
    }
    for (const path of ['/api/liveEvent/1/getUserInfo/4', '/api/liveEvent/1/manifest/me', '/connect/token', '/api/liveEvent/1/liveGetAgendaInfo/bookSession']) {
      expect(isOfflineData(path), path).toBe(false);
    }
  });

  it('keeps the stage and web app tabs loaded on first open, and no other page part', () => {
    for (const path of ['/stage/panel/agenda', '/webapp/panel/profile']) expect(isOfflineData(path), path).toBe(true);
    for (const path of ['/stage/panel/', '/sponsor/panel/agenda', '/webapp/panel/agenda/x', '/api/stage/panel/agenda']) expect(isOfflineData(path), path).toBe(false);
  });

  it('on a first visit, asks the worker to keep the page and the data it keeps anyway, nothing of another origin or route', () => {
    const origin = 'https://demo.example.org';
    const loaded = [`${origin}/api/liveEvent/1/getOwnUserInfoFromSession`, `${origin}/api/liveEvent/1/liveGetAgendaInfo`, `${origin}/api/liveEvent/1/chat`,
      `${origin}/_astro/x.js`, 'https://cdn.example.com/api/liveEvent/1/getAllDocuments', `${origin}/api/liveEvent/1/liveGetAgendaInfo`];
    expect(copiesToSave(`${origin}/webapp?tab=agenda`, loaded, origin)).toEqual([
      '/webapp?tab=agenda', '/api/liveEvent/1/getOwnUserInfoFromSession', '/api/liveEvent/1/liveGetAgendaInfo',
    ]);
    expect(copiesToSave(`${origin}/sponsor/3`, loaded.slice(0, 1), origin)).toEqual(['/api/liveEvent/1/getOwnUserInfoFromSession']);
  });

  it('says how old a copy is in the page language, with the 24-hour clock time in the event\'s zone', () => {
    const now = Date.parse('2026-11-23T18:43:00Z');
    expect(savedAgo(now - 5 * 60_000, 'en', 'Europe/Oslo', now)).toBe('5 minutes ago (19:38)');
    expect(savedAgo(now - 3 * 3_600_000, 'nb', 'Europe/Oslo', now)).toBe('for 3 timer siden (16:43)');
    expect(savedAgo(now, 'en', 'America/New_York', now)).toBe('this minute (13:43)');
  });
});
