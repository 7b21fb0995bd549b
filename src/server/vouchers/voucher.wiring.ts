import { realtime } from '~/server/realtime/index';
import { services } from '~/server/services';
import { createVoucherRepository } from './voucher.repository';
import { createVoucherService, type VoucherService } from './voucher.service';

let instance: VoucherService | undefined;

export function voucherService(): VoucherService {
  return (instance ??= createVoucherService({ repository: createVoucherRepository(services().db), realtime }));
}
