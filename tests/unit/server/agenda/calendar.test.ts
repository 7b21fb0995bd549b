import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine, utcStamp } from '~/server/shared/calendar';

const info = { uidDomain: 'demo.eventplatform', name: 'Summit, 2025', timeZone: 'Europe/Oslo', now: new Date('2025-06-01T10:00:00Z') };

describe('my program calendar (ICS)', () => {
  it('writes UTC start and end times with CRLF line ends', () => {
    const ics = buildCalendar(info, [{ id: 7, title: 'Keynote', startDate: '2025-06-02T07:00:00.000Z', endDate: '2025-06-02T08:30:00.000Z' }]);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('\r\nDTSTART:20250602T070000Z\r\nDTEND:20250602T083000Z\r\n');
    expect(ics).toContain('UID:session-7@demo.eventplatform');
    expect(ics).toContain('X-WR-TIMEZONE:Europe/Oslo');
    expect(ics).toContain('X-WR-CALNAME:Summit\\, 2025');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds long lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'æ'.repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('formats stamps as basic UTC date-times', () => {
    expect(utcStamp('2025-12-31T23:59:59.123Z')).toBe('20251231T235959Z');
  });
});
