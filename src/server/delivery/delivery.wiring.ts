import { deliveryConfig } from './delivery.config';
import { createDelivery, type Delivery } from './delivery.service';
import { createOutboxMailTransport, createSmtpTransport } from './mail-transport';
import { createOutbox } from './outbox';
import { createSmsProvider } from './sms-provider';

let instance: Delivery | undefined;

/** E-mail through SMTP_URL or the outbox; SMS through SMS_PROVIDER (outbox by default). */
export function delivery(): Delivery {
  if (!instance) {
    const settings = deliveryConfig();
    const outbox = createOutbox(settings.dataDir);
    instance = createDelivery({
      mail: settings.smtpUrl ? createSmtpTransport(settings.smtpUrl, settings.mailFrom) : createOutboxMailTransport(outbox, settings.mailFrom),
      sms: createSmsProvider(settings.smsProvider, outbox),
    });
  }
  return instance;
}
