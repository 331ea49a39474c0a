import { APP_NAME, PASSWORD_RESET_TTL_MINUTES, VERIFICATION } from '@yams/shared';
import type { Mail } from '../../lib/mailer';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[]): string {
  return `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#1f2937">
<h2 style="color:#0b5cab">${esc(APP_NAME)}</h2><h3>${esc(title)}</h3>
${paragraphs.join('\n')}
<p style="color:#6b7280;font-size:12px">Ce message a été envoyé automatiquement, merci de ne pas y répondre.</p>
</body></html>`;
}

export function resetPasswordMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Réinitialisation de votre mot de passe',
    text: `Bonjour ${name},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable ${PASSWORD_RESET_TTL_MINUTES} minutes) :\n${link}\n\nSi vous n'avez rien demandé, ignorez ce message.\n`,
    html: layout('Réinitialisation de votre mot de passe', [
      `<p>Bonjour ${esc(name)},</p>`,
      `<p>Pour choisir un nouveau mot de passe, cliquez sur le lien ci-dessous (valable ${PASSWORD_RESET_TTL_MINUTES} minutes) :</p>`,
      `<p><a href="${esc(link)}">Choisir un nouveau mot de passe</a></p>`,
      `<p>Si vous n'avez rien demandé, ignorez ce message.</p>`,
    ]),
  };
}

export function verificationCodeMail(to: string, name: string, code: string): Mail {
  return {
    to,
    subject: `Votre code de vérification : ${code}`,
    text: `Bonjour ${name},\n\nVotre code de vérification est : ${code}\nIl est valable ${VERIFICATION.ttlMinutes} minutes.\n`,
    html: layout('Vérification de votre compte', [
      `<p>Bonjour ${esc(name)},</p>`,
      `<p>Votre code de vérification est :</p>`,
      `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${code}</p>`,
      `<p>Il est valable ${VERIFICATION.ttlMinutes} minutes.</p>`,
    ]),
  };
}

export function welcomeMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: `Votre compte ${APP_NAME}`,
    text: `Bonjour ${name},\n\nUn compte ${APP_NAME} vient d'être créé pour vous. Choisissez votre mot de passe ici :\n${link}\n`,
    html: layout('Bienvenue', [
      `<p>Bonjour ${esc(name)},</p>`,
      `<p>Un compte ${esc(APP_NAME)} vient d'être créé pour vous.</p>`,
      `<p><a href="${esc(link)}">Choisir mon mot de passe</a></p>`,
    ]),
  };
}
