import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories } from './factories';
import { call, startServer, type TestServer } from './harness';
import { emlText, login, newUser } from './login-helpers';

interface Received { to: string[]; raw: string }

describe('e-mail through a real SMTP server', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let smtpPort: number;
  let server: TestServer;
  let f: Factories;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          done();
        });
      },
    });
    smtpPort = await new Promise<number>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as { port: number }).port)));
    server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Northern Lights <no-reply@demo.test>' } });
    f = factories(server);
  });
  afterAll(async () => {
    await f?.close();
    await server?.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the recovery mail with a new password that logs in, and writes nothing to the outbox', async () => {
    const user = await newUser(f, 1);
    const res = await call(server, `/api/liveEvent/demo/resetPassword/${encodeURIComponent(user.email)}`);
    expect(res.json()).toEqual({ emailSent: true });
    for (let i = 0; i < 50 && !received.some((m) => m.to.includes(user.email)); i += 1) await new Promise((r) => setTimeout(r, 100));
    const mail = received.find((m) => m.to.includes(user.email));
    expect(mail).toBeDefined();
    const text = emlText(mail!.raw);
    expect(text).toContain('Subject: Your new password for Northern Lights Summit');
    expect(text).toContain('From: Northern Lights <no-reply@demo.test>');
    const password = /\n\n([a-zA-Z2-9]{12})\n\n/.exec(text.replace(/\r\n/g, '\n'))?.[1];
    expect(password).toBeDefined();
    expect((await login(server, 'demo.localhost', 'demo', user.email, password!)).status).toBe(200);
    expect(existsSync(join(server.dataDir, 'outbox'))).toBe(false);
    expect(server.logs.some((l) => l.includes('"mail sent"') && l.includes('"transport":"smtp"'))).toBe(true);
  });
});
