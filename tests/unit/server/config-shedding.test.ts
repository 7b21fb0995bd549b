import { describe, expect, it } from 'vitest';
import { readConfig } from '~/server/config';

describe('SHED_QUEUE_MIN_IN_FLIGHT', () => {
  it('lets 128 requests at once through the queue rule by default, so a "vote now" burst is not refused', () => {
    expect(readConfig({}).shedQueueMinInFlight).toBe(128);
  });

  it('takes a whole positive number and falls back to the default for anything else', () => {
    expect(readConfig({ SHED_QUEUE_MIN_IN_FLIGHT: '32' }).shedQueueMinInFlight).toBe(32);
    expect(readConfig({ SHED_QUEUE_MIN_IN_FLIGHT: '0' }).shedQueueMinInFlight).toBe(128);
    expect(readConfig({ SHED_QUEUE_MIN_IN_FLIGHT: 'some' }).shedQueueMinInFlight).toBe(128);
  });
});
