import { describe, expect, it } from 'vitest';
import { createLateJudge, requestStartMs, waitedMs } from '~/server/ops/request-wait';

describe('the load balancer stamp (X-Request-Start)', () => {
  it("reads nginx's t=<seconds.millis>, and plain milliseconds or microseconds by their size", () => {
    expect(requestStartMs('t=1764158400.123')).toBe(1_764_158_400_123);
    expect(requestStartMs('1764158400123')).toBe(1_764_158_400_123);
    expect(requestStartMs('t=1764158400123456')).toBeCloseTo(1_764_158_400_123.456, 3);
  });

  it('ignores a missing, repeated or unreadable stamp', () => {
    for (const value of [undefined, ['t=1', 't=2'], '', 't=', 't=abc', '-5', '0', 'Infinity']) expect(requestStartMs(value)).toBeUndefined();
  });
});

describe('how long a request waited before the node read it', () => {
  const now = 1_764_158_400_000;
  const headers = (stamp: string) => ({ 'x-request-start': stamp });

  it('is the time since the stamp', () => {
    expect(waitedMs(headers('t=1764158399.250'), now)).toBe(750);
  });

  it('is 0 for a stamp slightly ahead of the node clock (a small skew)', () => {
    expect(waitedMs(headers('t=1764158400.040'), now)).toBe(0);
  });

  it('is unknown for a stamp a minute or more away (a broken or forged header, not a wait)', () => {
    expect(waitedMs(headers(`t=${(now - 61_000) / 1000}`), now)).toBeUndefined();
    expect(waitedMs(headers(`t=${(now + 61_000) / 1000}`), now)).toBeUndefined();
    expect(waitedMs({}, now)).toBeUndefined();
  });
});

describe('late: waits over the target in the window before too (a standing queue, not a burst)', () => {
  it('admits a burst read together after one long task, however long it waited', () => {
    const judge = createLateJudge({ targetMs: 300 });
    judge.late(5, 10_000);
    expect([0, 1, 2, 3].map((k) => judge.late(900 - k, 10_800 + k))).toEqual([false, false, false, false]);
  });

  it('refuses what waited too long while the previous window read late requests too, whatever fresh ones come between', () => {
    const judge = createLateJudge({ targetMs: 300 });
    judge.late(400, 10_000);
    judge.late(450, 10_050);
    expect(judge.late(20, 10_120)).toBe(false);
    expect(judge.late(500, 10_130)).toBe(true);
    expect(judge.late(310, 10_190)).toBe(true);
    expect(judge.late(200, 10_195)).toBe(false);
  });

  it('admits again after a window without late reads, and one straggler does not start it', () => {
    const judge = createLateJudge({ targetMs: 300 });
    judge.late(400, 10_000);
    judge.late(400, 10_010);
    judge.late(10, 10_150);
    expect(judge.late(400, 10_210)).toBe(false);
    expect(judge.late(400, 10_320)).toBe(false);
  });
});
