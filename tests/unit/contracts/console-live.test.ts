import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ActivityQuerySchema, AnnouncementSchema, HoldingImageSchema, PollPathSchema, PollPromotionSchema, PollResultsSchema, PromotionSchema,
  StreamChoiceSchema, TimelinePathSchema,
} from '~/contracts/console-live';
import { DomainError } from '~/server/errors';
import { parseInput } from '~/server/http/respond';

/** What the guard answers for an input: the parsed value, or `request.invalid <field>`. */
function outcome(schema: v.GenericSchema, input: unknown): unknown {
  try {
    return parseInput(schema, input);
  } catch (error) {
    if (error instanceof DomainError) return `${error.code} ${String(error.details?.['field'])}`;
    throw error;
  }
}

describe('the console live-show calls declare their input (400 request.invalid naming the field)', () => {
  it('takes a poll or timeline id from the path as a number, naming a malformed one', () => {
    expect(outcome(PollPathSchema, { pollId: '12' })).toEqual({ pollId: 12 });
    for (const pollId of ['abc', '0', '-1', '1e3', '1234567890']) expect(outcome(PollPathSchema, { pollId }), pollId).toBe('request.invalid pollId');
    expect(outcome(TimelinePathSchema, { timelineId: 'x' })).toBe('request.invalid timelineId');
  });

  it('reveals results only for a boolean, and promotes a poll on both platforms unless it names known ones', () => {
    expect(outcome(PollResultsSchema, { publicResults: 'yes' })).toBe('request.invalid publicResults');
    expect(outcome(PollPromotionSchema, {})).toEqual({ platforms: ['digital', 'webApp'] });
    expect(outcome(PollPromotionSchema, { platforms: null })).toEqual({ platforms: ['digital', 'webApp'] });
    expect(outcome(PollPromotionSchema, { platforms: ['webApp', 'webApp'] })).toEqual({ platforms: ['webApp'] });
    expect(outcome(PollPromotionSchema, { platforms: ['tv'] })).toBe('request.invalid platforms');
    expect(outcome(PollPromotionSchema, { platforms: [] })).toBe('request.invalid platforms');
  });

  it('switches the stream to an http(s) address, a path on this site, null or a session, refusing anything else by its field', () => {
    expect(outcome(StreamChoiceSchema, { url: ' https://streams.example/live.m3u8 ' })).toEqual({ url: 'https://streams.example/live.m3u8' });
    expect(outcome(StreamChoiceSchema, { url: null })).toEqual({ url: null });
    expect(outcome(StreamChoiceSchema, { sessionId: 4 })).toEqual({ sessionId: 4 });
    for (const url of ['javascript:alert(1)', '//evil.example/x', '/a path', '', 42, 'x'.repeat(2001)]) {
      expect(outcome(StreamChoiceSchema, { url }), String(url)).toBe('request.invalid url');
    }
    expect(outcome(StreamChoiceSchema, {})).toBe('request.invalid url');
    expect(outcome(StreamChoiceSchema, { sessionId: '4' })).toBe('request.invalid sessionId');
    expect(outcome(HoldingImageSchema, { holdingImageUrl: 42 })).toBe('request.invalid holdingImageUrl');
    expect(outcome(HoldingImageSchema, {})).toBe('request.invalid holdingImageUrl');
  });

  it('promotes a post and pins an announcement with a known link mode, an address and a short link text', () => {
    expect(outcome(PromotionSchema, {})).toEqual({ linkMode: null, link: null, linkText: null, platforms: ['digital', 'webApp'] });
    expect(outcome(PromotionSchema, { linkMode: 'FLASHY' })).toBe('request.invalid linkMode');
    expect(outcome(PromotionSchema, { link: 'ftp://x.example' })).toBe('request.invalid link');
    expect(outcome(PromotionSchema, { linkText: 'x'.repeat(201) })).toBe('request.invalid linkText');
    expect(outcome(AnnouncementSchema, { message: '  ' })).toBe('request.invalid message');
    expect(outcome(AnnouncementSchema, { message: ' Coffee in hall B ' })).toMatchObject({ message: 'Coffee in hall B' });
  });

  it('pages the activity 1 to 200 entries at a time', () => {
    expect(outcome(ActivityQuerySchema, { limit: '2', before: '9' })).toEqual({ limit: 2, before: 9 });
    for (const limit of ['0', '201', 'x']) expect(outcome(ActivityQuerySchema, { limit }), limit).toBe('request.invalid limit');
    expect(outcome(ActivityQuerySchema, { before: '0' })).toBe('request.invalid before');
  });
});
