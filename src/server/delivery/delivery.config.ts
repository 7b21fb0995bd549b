import { config } from '~/server/config';

/**
 * Delivery settings beyond SMTP_URL (which lives in the core config): who mail comes from,
 * which SMS provider sends texts, and the origin links in messages point to.
 */
export interface DeliveryConfig {
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** 'outbox' (default) writes messages to DATA_DIR/outbox; other names need an adapter. */
  smsProvider: string;
  /**
   * Origin for links in messages, `{event}` replaced by the event slug, e.g.
   * `https://{event}.events.example.org`. Unset: the origin of the request that asked, which
   * is only safe when the proxy passes nothing but the platform's own host names.
   */
  linkOrigin: string | undefined;
}

const text = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

export function deliveryConfig(env: NodeJS.ProcessEnv = process.env): DeliveryConfig {
  return {
    dataDir: config().dataDir,
    smtpUrl: config().smtpUrl,
    mailFrom: text(env['MAIL_FROM']) ?? 'Eventplatform <no-reply@localhost>',
    smsProvider: text(env['SMS_PROVIDER']) ?? 'outbox',
    linkOrigin: text(env['LINK_ORIGIN']),
  };
}

/** The origin for a link to `slug`'s event: LINK_ORIGIN when set, else the request's. */
export function linkOriginFor(slug: string, requestOrigin: string, setting = deliveryConfig().linkOrigin): string {
  return setting ? setting.replaceAll('{event}', slug).replace(/\/+$/, '') : requestOrigin;
}
