import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under DATA_DIR/outbox. */
export function createMailer(config: { smtpUrl?: string; dataDir: string; mailFrom: string }): Mailer {
  let transport: Transporter;
  let outbox: string | undefined;
  if (config.smtpUrl) {
    transport = nodemailer.createTransport(config.smtpUrl);
  } else {
    outbox = path.join(config.dataDir, 'outbox');
    transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      if (outbox) {
        fs.mkdirSync(outbox, { recursive: true });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
        const file = path.join(outbox, `${stamp}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.eml`);
        // Written aside, then renamed: whoever reads the outbox (an operator's script, the browser tests)
        // never opens half a message (a reset link cut in the middle).
        fs.writeFileSync(`${file}.part`, (info as unknown as { message: Buffer }).message);
        fs.renameSync(`${file}.part`, file);
      }
    },
  };
}
