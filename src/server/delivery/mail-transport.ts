import nodemailer from 'nodemailer';
import type { Outbox } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** A short name for logs and outbox file names (e.g. 'new-password'). */
  kind: string;
}

/** Sends one e-mail; `transport` names the way it went, for logs. */
export interface MailTransport {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

/** Real delivery through the SMTP server in SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send({ to, subject, text }) {
      await transporter.sendMail({ from, to, subject, text });
    },
  };
}

/** Without SMTP: the message as a standard .eml file in the outbox, readable by tests and people. */
export function createOutboxMailTransport(outbox: Outbox, from: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'outbox',
    async send({ to, subject, text, kind }) {
      const info = await composer.sendMail({ from, to, subject, text });
      await outbox.write(kind, 'eml', info.message as Buffer);
    },
  };
}
