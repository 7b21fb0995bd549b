type Subscribe = (name: `voucher-change-${string}`, handler: () => void) => () => void;

let subscribe: Subscribe | null = null;

/**
 * Seam for live voucher updates (SPEC §4 `voucher-change-{ticket code}`): the realtime store
 * plugs its onRealtime in here (`connectVoucherLive(onRealtime)`) once it is on the page.
 * Until then the balance refreshes when the section opens.
 */
export function connectVoucherLive(fn: Subscribe): void {
  subscribe = fn;
}

export function watchVoucher(ticketCode: string, handler: () => void): () => void {
  return subscribe?.(`voucher-change-${ticketCode}`, handler) ?? (() => undefined);
}
