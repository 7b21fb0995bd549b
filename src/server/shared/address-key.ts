import { isIPv6 } from 'node:net';

/**
 * The key a client address is counted under: the address itself for IPv4 (also when written
 * as IPv4-mapped IPv6), and the /64 prefix for IPv6, since one subscriber holds a whole /64.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return '';
  if (address.startsWith('::ffff:') && address.includes('.')) return address.slice(7);
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
