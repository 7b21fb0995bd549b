import { describe, expect, it } from 'vitest';
import { readConfig } from '~/server/config';

describe('LISTEN_BACKLOG', () => {
  it('queues 4096 connections by default, far above Node’s 511, so a dead node’s clients are not dropped', () => {
    expect(readConfig({}).listenBacklog).toBe(4096);
  });

  it('takes a whole positive number and falls back to the default for anything else', () => {
    expect(readConfig({ LISTEN_BACKLOG: '1024' }).listenBacklog).toBe(1024);
    expect(readConfig({ LISTEN_BACKLOG: '-5' }).listenBacklog).toBe(4096);
    expect(readConfig({ LISTEN_BACKLOG: 'many' }).listenBacklog).toBe(4096);
  });
});
