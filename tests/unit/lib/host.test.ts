import { describe, expect, it } from 'vitest';
import { eventIdentityFromHost } from '~/lib/host';

describe('eventIdentityFromHost', () => {
  it('takes the first label of the host name, without the port', () => {
    expect(eventIdentityFromHost('demo.localhost:4321')).toBe('demo');
    expect(eventIdentityFromHost('Summit.Events.Example.org')).toBe('summit');
  });

  it('uses the default event for bare hosts and IP addresses', () => {
    expect(eventIdentityFromHost('localhost:4321', 'demo')).toBe('demo');
    expect(eventIdentityFromHost('127.0.0.1:80', 'demo')).toBe('demo');
    expect(eventIdentityFromHost('[::1]:4321', 'demo')).toBe('demo');
    expect(eventIdentityFromHost(undefined, 'demo')).toBe('demo');
  });

  it('gives no identity for a bare host when no default event is set', () => {
    expect(eventIdentityFromHost('localhost')).toBeUndefined();
    expect(eventIdentityFromHost('10.0.0.2:4321')).toBeUndefined();
  });

  it('keeps a numeric label so events can be reached by id', () => {
    expect(eventIdentityFromHost('12.localhost')).toBe('12');
    expect(eventIdentityFromHost('0.localhost')).toBe('0');
  });
});
