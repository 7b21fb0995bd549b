import type { Outbox } from './outbox';

export interface SmsMessage {
  /** International number, digits with a leading +. */
  to: string;
  text: string;
  kind: string;
}

/**
 * The seam for SMS gateways: an adapter per provider (selected by SMS_PROVIDER) implements
 * `send`. Only the outbox exists today; a gateway adapter goes in `createSmsProvider`.
 */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export function createOutboxSmsProvider(outbox: Outbox): SmsProvider {
  return {
    name: 'outbox',
    async send({ to, text, kind }) {
      await outbox.write(kind, 'json', JSON.stringify({ to, text, kind, createdAt: new Date().toISOString() }, null, 2));
    },
  };
}

/** The provider named by SMS_PROVIDER; unknown names are a configuration error at start. */
export function createSmsProvider(name: string, outbox: Outbox): SmsProvider {
  if (name === 'outbox') return createOutboxSmsProvider(outbox);
  throw new Error(`SMS_PROVIDER "${name}" has no adapter; use "outbox" or add one in src/server/delivery/sms-provider.ts`);
}
