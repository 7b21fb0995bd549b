import { describe, expect, it } from 'vitest';
import { clientAddressOf, forwardedAddress, isHttps, isSameOriginRequest, upgradeAddressOf } from '~/server/http/client';

const url = new URL('http://demo.events.test:4321/api/liveEvent/demo/sendAllDocuments');
const request = (headers: Record<string, string>) => new Request(url, { headers });

describe('client address and scheme behind a proxy', () => {
  it('takes the entry as many hops from the right of X-Forwarded-For as proxies are trusted', () => {
    expect(forwardedAddress('6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedAddress('6.6.6.6, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    expect(forwardedAddress('203.0.113.7', 0)).toBeUndefined();
    expect(forwardedAddress('203.0.113.7', 3)).toBeUndefined();
    expect(forwardedAddress(null, 1)).toBeUndefined();
  });

  it('uses the socket address unless TRUST_PROXY is on', () => {
    const context = { request: request({ 'x-forwarded-for': '6.6.6.6' }), clientAddress: '10.1.1.1', url };
    expect(clientAddressOf(context, 0)).toBe('10.1.1.1');
    expect(clientAddressOf(context, 1)).toBe('6.6.6.6');
  });

  it('counts an IPv6 client by its /64, forwarded or not, and an IPv4-mapped one as IPv4', () => {
    const forwarded = { request: request({ 'x-forwarded-for': '2001:db8:7:8:aaaa::1' }), clientAddress: '::1', url };
    expect(clientAddressOf(forwarded, 1)).toBe('2001:db8:7:8::/64');
    expect(clientAddressOf({ request: request({}), clientAddress: '2001:db8:7:8:bbbb::2', url }, 0)).toBe('2001:db8:7:8::/64');
    expect(clientAddressOf({ request: request({}), clientAddress: '::ffff:10.1.1.1', url }, 0)).toBe('10.1.1.1');
  });

  it('counts a WebSocket upgrade by the forwarded address with TRUST_PROXY, not by the proxy\'s', () => {
    const upgrade = { headers: { 'x-forwarded-for': '6.6.6.6, 2001:db8:7:8::9' }, socket: { remoteAddress: '10.0.0.2' } } as unknown as Parameters<typeof upgradeAddressOf>[0];
    expect(upgradeAddressOf(upgrade, 0)).toBe('10.0.0.2');
    expect(upgradeAddressOf(upgrade, 1)).toBe('2001:db8:7:8::/64');
  });

  it('believes X-Forwarded-Proto only with TRUST_PROXY', () => {
    const context = { request: request({ 'x-forwarded-proto': 'https' }), url };
    expect(isHttps(context, 0)).toBe(false);
    expect(isHttps(context, 1)).toBe(true);
    expect(isHttps({ request: request({}), url: new URL('https://demo.events.test/') }, 0)).toBe(true);
  });
});

describe('same-origin proof', () => {
  it('trusts Sec-Fetch-Site first: same-origin and none pass, same-site and cross-site do not', () => {
    expect(isSameOriginRequest(request({ 'sec-fetch-site': 'same-origin' }), url)).toBe(true);
    expect(isSameOriginRequest(request({ 'sec-fetch-site': 'none' }), url)).toBe(true);
    expect(isSameOriginRequest(request({ 'sec-fetch-site': 'same-site' }), url)).toBe(false);
    expect(isSameOriginRequest(request({ 'sec-fetch-site': 'cross-site', origin: 'http://demo.events.test' }), url)).toBe(false);
  });

  it('otherwise needs an Origin, else a Referer, naming this host (any scheme or port)', () => {
    expect(isSameOriginRequest(request({ origin: 'https://demo.events.test' }), url)).toBe(true);
    expect(isSameOriginRequest(request({ origin: 'null' }), url)).toBe(false);
    expect(isSameOriginRequest(request({ origin: 'https://other.events.test' }), url)).toBe(false);
    expect(isSameOriginRequest(request({ referer: 'http://demo.events.test:4321/sponsor/1' }), url)).toBe(true);
    expect(isSameOriginRequest(request({ referer: 'https://demo.events.test.evil.example/' }), url)).toBe(false);
    expect(isSameOriginRequest(request({}), url)).toBe(false);
  });
});
