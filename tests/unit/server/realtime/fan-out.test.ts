import { describe, expect, it } from 'vitest';
import { eventNameOf, encodeFrame } from '~/server/realtime/frames';
import { createHub } from '~/server/realtime/hub';
import { createMemoryBroker } from '~/server/realtime/memory-broker';
import { isTallyFrame } from '~/server/polls/poll-tallies';

describe('fan-out reports', () => {
  it('reads the name of an event frame without parsing its data, and nothing from other frames', () => {
    expect(eventNameOf(encodeFrame({ type: 'event', name: 'poll-change', data: { pollId: 3, counts: [] } }))).toBe('poll-change');
    expect(eventNameOf(encodeFrame({ type: 'welcome', eventId: 1 }))).toBeUndefined();
    expect(eventNameOf(Buffer.from('{"type":"event","name":"unterminated'))).toBeUndefined();
    expect(eventNameOf(Buffer.from(''))).toBeUndefined();
  });

  it("tells listeners each event-wide frame's name and write time on this node, never a personal frame's", async () => {
    const hub = createHub({ broker: createMemoryBroker(), heartbeatMs: 60_000, closeGraceMs: 10 });
    const seen: [number, string, number][] = [];
    const stop = hub.onFanOut((eventId, name, ms) => seen.push([eventId, name, ms]));
    await hub.publish(4, 'poll-change', { pollId: 1, counts: [] });
    await hub.publishDynamic(4, 'quiz-change-abc', { quizId: 2 });
    await hub.publishDynamic(4, 'voucher-change-TCK', {}, 7);
    expect(seen.map(([eventId, name]) => [eventId, name])).toEqual([[4, 'poll-change'], [4, 'quiz-change-abc']]);
    expect(seen.every(([, , ms]) => ms >= 0)).toBe(true);
    stop();
    await hub.publish(4, 'poll-change', { pollId: 1, counts: [] });
    expect(seen).toHaveLength(2);
    await hub.close();
  });

  it('counts poll and quiz tallies as tally frames, and nothing else', () => {
    expect(['poll-change', 'quiz-change', 'quiz-change-abc'].every(isTallyFrame)).toBe(true);
    expect(['poll-answer-change', 'agenda-change', 'timeline-change'].some(isTallyFrame)).toBe(false);
  });
});
