const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The event identity carried by a Host header (docs/product.md §1: the first label of the host name).
 * Bare hosts (localhost, an IP address) carry none and use `defaultEvent` when set.
 */
export function eventIdentityFromHost(host: string | null | undefined, defaultEvent?: string): string | undefined {
  if (!host) return defaultEvent;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  const lower = name.toLowerCase();
  if (lower === 'localhost' || lower.startsWith('[') || IPV4.test(lower)) return defaultEvent;
  const label = lower.split('.')[0] ?? '';
  return label === '' ? defaultEvent : label;
}
