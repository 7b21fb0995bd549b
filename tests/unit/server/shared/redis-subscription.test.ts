import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { keepSubscribed } from '~/server/shared/redis-subscription';

/** The part of an ioredis connection keepSubscribed uses: its status, connect(), and 'ready' / 'close'. */
function fakeConnection() {
  const connection = Object.assign(new EventEmitter(), { status: 'ready', connect: () => Promise.resolve() });
  return connection as unknown as Redis & EventEmitter;
}

describe('a subscription kept across Redis reconnects', () => {
  it('reports resumed only once the new subscription answered, so a catch-up cannot miss a message published after it', async () => {
    const connection = fakeConnection();
    const events: string[] = [];
    let answer: () => void = () => undefined;
    let calls = 0;
    const listen = () => {
      calls += 1;
      events.push('subscribe sent');
      // The first subscription answers at once; the one after the gap when the test says so.
      return calls === 1 ? Promise.resolve() : new Promise<void>((resolve) => { answer = () => { events.push('subscribe answered'); resolve(); }; });
    };
    const subscription = keepSubscribed(connection, 'test', listen, () => events.push('resumed'));
    await subscription.start();
    expect(subscription.isListening()).toBe(true);

    connection.emit('close');
    expect(subscription.isListening()).toBe(false);
    connection.emit('ready');
    await Promise.resolve();
    expect(events).toEqual(['subscribe sent', 'subscribe sent']);
    expect(subscription.isListening()).toBe(false);

    answer();
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['subscribe sent', 'subscribe sent', 'subscribe answered', 'resumed']);
    expect(subscription.isListening()).toBe(true);
  });

  it('does not report a resume for the first subscription, which start() makes', async () => {
    const connection = fakeConnection();
    const resumes: number[] = [];
    const subscription = keepSubscribed(connection, 'test', () => Promise.resolve(), () => resumes.push(1));
    await subscription.start();
    await new Promise((resolve) => setImmediate(resolve));
    expect(resumes).toEqual([]);
  });
});
