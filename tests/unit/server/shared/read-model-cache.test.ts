import { describe, expect, it } from 'vitest';
import type { Broker, BrokerHandler, ControlHandler } from '~/server/realtime/broker';
import { dataChangeMessage, parseDataChange } from '~/server/realtime/data-change';
import { createHub } from '~/server/realtime/hub';
import { createReadModelCache, createReadModels } from '~/server/shared/read-model-cache';

/** A build that counts its calls and answers "<eventId>@<version>#<call>". */
function counting() {
  let calls = 0;
  const build = (event: { eventId: number; version: number }) => {
    calls += 1;
    return Promise.resolve(`${event.eventId}@${event.version}#${calls}`);
  };
  return { build, calls: () => calls };
}

describe('read-model cache', () => {
  it('builds once per event version and shares one build among concurrent callers', async () => {
    const { build, calls } = counting();
    const cache = createReadModelCache(build);
    const [a, b] = await Promise.all([cache.get({ eventId: 1, version: 1 }), cache.get({ eventId: 1, version: 1 })]);
    expect([a, b]).toEqual(['1@1#1', '1@1#1']);
    expect(await cache.get({ eventId: 1, version: 1 })).toBe('1@1#1');
    expect(await cache.get({ eventId: 2, version: 1 })).toBe('2@1#2');
    expect(calls()).toBe(2);
  });

  it('rebuilds when the event has a new version (an import by another node or the CLI)', async () => {
    const { build } = counting();
    const cache = createReadModelCache(build);
    await cache.get({ eventId: 1, version: 1 });
    expect(await cache.get({ eventId: 1, version: 2 })).toBe('1@2#2');
    expect(await cache.get({ eventId: 1, version: 2 })).toBe('1@2#2');
  });

  it('does not let a request that probed an older version replace the newer model', async () => {
    const { build } = counting();
    const cache = createReadModelCache(build);
    await cache.get({ eventId: 1, version: 3 });
    expect(await cache.get({ eventId: 1, version: 2 })).toBe('1@2#2');
    expect(await cache.get({ eventId: 1, version: 3 })).toBe('1@3#1');
  });

  it('forgets a failed build so that the next request tries again', async () => {
    let fail = true;
    const cache = createReadModelCache((event: { eventId: number; version: number }) =>
      (fail ? Promise.reject(new Error('database down')) : Promise.resolve(`ok ${event.version}`)));
    await expect(cache.get({ eventId: 1, version: 1 })).rejects.toThrow('database down');
    fail = false;
    expect(await cache.get({ eventId: 1, version: 1 })).toBe('ok 1');
  });

  it('holds at most maxEvents events, dropping the least recently built', async () => {
    const { build } = counting();
    const cache = createReadModelCache(build, 2);
    for (const eventId of [1, 2, 3]) await cache.get({ eventId, version: 1 });
    expect(cache.size()).toBe(2);
    expect(await cache.get({ eventId: 1, version: 1 })).toBe('1@1#4');
  });

  it('rebuilds an entry older than maxAgeMs at the same version, and keeps a younger one', async () => {
    const { build } = counting();
    let now = 1_000;
    const cache = createReadModelCache(build, 8, { maxAgeMs: 100, now: () => now });
    await cache.get({ eventId: 1, version: 1 });
    now += 99;
    expect(await cache.get({ eventId: 1, version: 1 })).toBe('1@1#1');
    now += 1;
    expect(await cache.get({ eventId: 1, version: 1 })).toBe('1@1#2');
    expect(await cache.get({ eventId: 1, version: 1 })).toBe('1@1#2');
  });

  it('drops an event from every model on `stored`, and on a narrower scope only from the models that name it', async () => {
    const models = createReadModels();
    const agenda = counting();
    const polls = counting();
    const a = models.cache('agenda', agenda.build);
    const p = models.cache('poll-shapes', polls.build, { droppedBy: ['polls'] });
    await Promise.all([a.get({ eventId: 1, version: 1 }), p.get({ eventId: 1, version: 1 }), a.get({ eventId: 2, version: 1 })]);
    models.drop(1, 'polls');
    expect([a.size(), p.size()]).toEqual([2, 0]);
    await p.get({ eventId: 1, version: 1 });
    models.drop(1, 'live');
    expect([a.size(), p.size()]).toEqual([2, 1]);
    models.drop(1, 'stored');
    expect([a.size(), p.size()]).toEqual([1, 0]);
    await a.get({ eventId: 1, version: 1 });
    expect([agenda.calls(), polls.calls()]).toEqual([3, 2]);
  });

  it('tells of every build by its model\'s name', async () => {
    const built: string[] = [];
    const models = createReadModels({ onBuild: (name) => built.push(name) });
    const a = models.cache('agenda', counting().build);
    await a.get({ eventId: 1, version: 1 });
    await a.get({ eventId: 1, version: 1 });
    await a.get({ eventId: 1, version: 2 });
    expect(built).toEqual(['agenda', 'agenda']);
  });
});

/** Brokers of several nodes on one bus, as Redis would connect them: every message reaches every node. */
function bus() {
  const nodes: { handler: BrokerHandler; control?: ControlHandler | undefined }[] = [];
  return (): Broker => ({
    publish: (eventId, payload, userId) => { for (const n of nodes) n.handler(eventId, payload, userId); return Promise.resolve(); },
    publishControl: (message) => { for (const n of nodes) n.control?.(message); return Promise.resolve(); },
    subscribe: (handler, control) => { nodes.push({ handler, control }); return Promise.resolve(); },
    close: () => Promise.resolve(),
    isConnected: () => true,
  });
}

describe('data-change through the broker', () => {
  it('drops the event\'s read models on every node, the publisher\'s own before the publish returns', async () => {
    const broker = bus();
    const hubs = [createHub({ broker: broker(), heartbeatMs: 60_000 }), createHub({ broker: broker(), heartbeatMs: 60_000 })];
    const registries = hubs.map((hub) => {
      const models = createReadModels();
      hub.onDataChange((eventId, scope) => models.drop(eventId, scope));
      return models;
    });
    const caches = registries.map((models) => models.cache('agenda', counting().build));
    for (const cache of caches) await Promise.all([cache.get({ eventId: 7, version: 1 }), cache.get({ eventId: 8, version: 1 })]);
    const published = hubs[0]!.publishDataChange(7);
    expect(caches[0]!.size()).toBe(1);
    await published;
    expect(caches.map((c) => c.size())).toEqual([1, 1]);
    // Other control messages (a session end) leave the models alone.
    await hubs[1]!.endSessions(8, 1);
    expect(caches.map((c) => c.size())).toEqual([1, 1]);
    await Promise.all(hubs.map((hub) => hub.close()));
  });

  it('tells every node the scope once: the publisher at once, the others from the broker (`stored` by default)', async () => {
    const broker = bus();
    const hubs = [createHub({ broker: broker(), heartbeatMs: 60_000 }), createHub({ broker: broker(), heartbeatMs: 60_000 })];
    const heard: string[] = [];
    hubs.forEach((hub, node) => hub.onDataChange((eventId, scope) => heard.push(`${node}:${eventId}:${scope}`)));
    await hubs[0]!.publishDataChange(7, 'live');
    await hubs[1]!.publishDataChange(8);
    await hubs[0]!.publishDataChange(9, 'polls');
    expect(heard).toEqual(['0:7:live', '1:7:live', '1:8:stored', '0:8:stored', '0:9:polls', '1:9:polls']);
    await Promise.all(hubs.map((hub) => hub.close()));
  });

  it('reads a scope it does not know as `stored`, which drops the most, and a message of a node before node ids as another node\'s', () => {
    expect(parseDataChange(Buffer.from('{"type":"data-change","eventId":3,"scope":"someday"}'))).toEqual({ eventId: 3, scope: 'stored' });
    expect(parseDataChange(Buffer.from('{"type":"data-change","eventId":3,"scope":"timeline"}'))).toEqual({ eventId: 3, scope: 'timeline' });
    expect(parseDataChange(dataChangeMessage(3, 'polls', 'node-a'))).toEqual({ eventId: 3, scope: 'polls', node: 'node-a' });
  });
});
