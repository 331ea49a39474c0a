import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { DATA_DIR } from './server';

/** The outbox of the e2e server (scripts/e2e-server.mjs): one .eml file per message. */
const OUTBOX = path.join(DATA_DIR, 'outbox');

/** The files of the messages sent to `to`, oldest first (names start with an ISO time stamp). */
export function mailsFor(to: string): string[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((name) => name.endsWith('.eml') && name.includes(`-${to}-`))
    .sort()
    .map((name) => path.join(OUTBOX, name));
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The text/plain part of a message, decoded (quoted-printable or base64). */
export function mailText(file: string): string {
  const raw = fs.readFileSync(file, 'utf8');
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /Content-Type:\s*text\/plain/i.test(p)) ?? raw;
  const [headers = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/Content-Transfer-Encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return body;
}

/** Waits for a message to `to` beyond the `known` ones and returns its decoded text. */
export async function waitForNewMail(to: string, known: number): Promise<string> {
  await expect
    .poll(() => mailsFor(to).length, { message: `un nouvel email pour ${to}` })
    .toBeGreaterThan(known);
  return mailText(mailsFor(to).at(-1)!);
}
