import { onRealtime } from '~/islands/realtime/realtime.store';

/** Live voucher updates (docs/product.md §4 `voucher-change-{ticket code}`) over the page's realtime socket. */
export function watchVoucher(ticketCode: string, handler: () => void): () => void {
  return onRealtime(`voucher-change-${ticketCode}`, handler);
}
