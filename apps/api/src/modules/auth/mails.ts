import { PASSWORD_RESET_TTL_MINUTES, VERIFICATION } from '@yams/shared';
import { escapeHtml as esc, mailLayout as layout } from '../../lib/mail-layout';
import type { Mail } from '../../lib/mailer';

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
