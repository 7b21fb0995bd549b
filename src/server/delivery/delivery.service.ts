import type { Locale } from '~/contracts/event-settings';
import { translator } from '~/lib/i18n';
import { log } from '~/server/log';
import type { MailMessage, MailTransport } from './mail-transport';
import type { SmsProvider } from './sms-provider';

/** Message kinds; each has texts under `mail.<kind>` and `sms.<kind>` in the locales. */
export type MessageKind = 'newPassword' | 'loginLink' | 'twoFactorPin';

export interface Delivery {
  /** Values fill the template ({{name}}, {{event}}, {{password}}, {{link}}, {{pin}}). */
  email(to: string, kind: MessageKind, locale: Locale, values: Record<string, string>): Promise<void>;
  sms(to: string, kind: MessageKind, locale: Locale, values: Record<string, string>): Promise<void>;
  /**
   * Sends a mail its domain composed from its own locale section (sponsor and document mails):
   * the same transport and logging as the templated ones.
   */
  send(message: MailMessage): Promise<void>;
}

/** What a domain that composes its own mails depends on. */
export type SendMail = Delivery['send'];

/** Logs say who got what by kind, never the text: it carries the secret. */
const maskEmail = (address: string): string => address.replace(/^(.).*(@.*)$/, '$1***$2');
const maskPhone = (phone: string): string => `***${phone.slice(-2)}`;

export function createDelivery({ mail, sms }: { mail: MailTransport; sms: SmsProvider }): Delivery {
  return {
    async email(to, kind, locale, values) {
      const t = translator(locale);
      const subject = t(`mail.${kind}.subject`, values);
      const text = `${t(`mail.${kind}.body`, values)}\n\n${t('mail.signature', values)}\n`;
      await mail.send({ to, subject, text, kind });
      log.info('mail sent', { kind, to: maskEmail(to), transport: mail.name });
    },
    async sms(to, kind, locale, values) {
      const text = translator(locale)(`sms.${kind}`, values);
      await sms.send({ to, text, kind });
      log.info('sms sent', { kind, to: maskPhone(to), provider: sms.name });
    },
    async send(message) {
      await mail.send(message);
      log.info('mail sent', { kind: message.kind, to: maskEmail(message.to), transport: mail.name });
    },
  };
}
