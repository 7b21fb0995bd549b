import type { Transporter } from 'nodemailer';
import type { Outbox } from './outbox';

/**
 * nodemailer costs ~0.1 s of CPU to load: the composition root builds the transports at start,
 * so they load it on their first mail instead.
 */
async function loadNodemailer() {
  return (await import('nodemailer')).default;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** A short name for logs and outbox file names (e.g. 'new-password'). */
  kind: string;
  /** Files sent along (a ticket's QR image, an .ics calendar). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

/** Sends one e-mail; `transport` names the way it went, for logs. */
export interface MailTransport {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

/** Real delivery through the SMTP server in SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  let transporter: Transporter | undefined;
  return {
    name: 'smtp',
    async send({ to, subject, text, attachments }) {
      transporter ??= (await loadNodemailer()).createTransport(smtpUrl);
      await transporter.sendMail({ from, to, subject, text, attachments });
    },
  };
}

/** Without SMTP: the message as a standard .eml file in the outbox, readable by tests and people. */
export function createOutboxMailTransport(outbox: Outbox, from: string): MailTransport {
  let composer: Transporter | undefined;
  return {
    name: 'outbox',
    async send({ to, subject, text, kind, attachments }) {
      composer ??= (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await composer.sendMail({ from, to, subject, text, attachments });
      await outbox.write(kind, 'eml', info.message as Buffer);
    },
  };
}
