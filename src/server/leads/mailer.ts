import { log } from '~/server/log';
import { deliveryConfig } from '~/server/delivery/delivery.config';
import { createOutboxMailTransport, createSmtpTransport, type MailMessage, type MailTransport } from '~/server/delivery/mail-transport';
import { createOutbox } from '~/server/delivery/outbox';

export type SendMail = (message: MailMessage) => Promise<void>;

let transport: MailTransport | undefined;

/**
 * Sponsor and document e-mails go through the delivery module's transport (SMTP_URL, else
 * DATA_DIR/outbox). Their texts live in this domain's locale sections, not the identity
 * templates, so only the transport is shared. Logs name the kind, never the text.
 */
export const sendMail: SendMail = async (message) => {
  if (!transport) {
    const settings = deliveryConfig();
    transport = settings.smtpUrl
      ? createSmtpTransport(settings.smtpUrl, settings.mailFrom)
      : createOutboxMailTransport(createOutbox(settings.dataDir), settings.mailFrom);
  }
  await transport.send(message);
  log.info('mail sent', { kind: message.kind, transport: transport.name });
};
