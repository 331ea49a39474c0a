import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

describe('mailer without SMTP', () => {
  it('writes each message as an .eml file in DATA_DIR/outbox', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yams-mail-'));
    const mailer = createMailer({ dataDir, mailFrom: 'Yams <no-reply@yams.ga>' });
    await mailer.send({
      to: 'jean@exemple.ga',
      subject: 'Réinitialisation',
      text: 'Bonjour Jean, voici le lien.',
    });
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/jean@exemple\.ga.*\.eml$/);
    const eml = fs.readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toMatch(/^To: jean@exemple\.ga$/m);
    expect(eml).toMatch(/^From: Yams <no-reply@yams\.ga>$/m);
    expect(eml).toContain('Bonjour Jean');
  });
});
