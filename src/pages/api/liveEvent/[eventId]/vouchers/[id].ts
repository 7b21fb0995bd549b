import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { ownUserParam } from '~/server/http/own-user-param';
import { respond } from '~/server/http/respond';
import { requireEvent, requireUser } from '~/server/http/require';

/** Voucher balance by user id (SPEC §7): voucherBalance, usedVouchers, pendingVouchers. */
export const GET: APIRoute = ({ params, locals }) => respond(async () => {
  const event = requireEvent(locals, params['eventId']);
  const userId = ownUserParam(requireUser(locals), params['id']);
  return Response.json(await app().vouchers.balance(event.eventId, userId), { headers: { 'cache-control': 'no-store' } });
});
