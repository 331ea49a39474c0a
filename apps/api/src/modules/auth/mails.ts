import { EMAIL_CHANGE_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES, VERIFICATION } from '@yams/shared';
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

/** To the new address: the link that makes it the account's. */
export function confirmEmailMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Confirmez votre nouvelle adresse email',
    text: `Bonjour ${name},\n\nPour que ${to} devienne l'adresse de votre compte, ouvrez ce lien (valable ${EMAIL_CHANGE_TTL_HOURS} heures) :\n${link}\n\nSi vous n'avez rien demandé, ignorez ce message : rien ne changera.\n`,
    html: layout('Confirmez votre nouvelle adresse email', [
      `<p>Bonjour ${esc(name)},</p>`,
      `<p>Pour que ${esc(to)} devienne l'adresse de votre compte, cliquez sur le lien ci-dessous (valable ${EMAIL_CHANGE_TTL_HOURS} heures) :</p>`,
      `<p><a href="${esc(link)}">Confirmer ma nouvelle adresse</a></p>`,
      `<p>Si vous n'avez rien demandé, ignorez ce message : rien ne changera.</p>`,
    ]),
  };
}

/** To the old address: a change was asked, and what to do if it was not you. */
export function emailChangeNoticeMail(to: string, name: string, newEmail: string): Mail {
  return {
    to,
    subject: 'Changement de l’adresse email de votre compte',
    text: `Bonjour ${name},\n\nUn changement de l'adresse email de votre compte vers ${newEmail} vient d'être demandé. Il prendra effet quand le lien envoyé à cette adresse sera ouvert. Vos autres sessions ont été fermées.\n\nSi ce n'est pas vous, changez votre mot de passe tout de suite (« Mot de passe oublié ? » sur la page de connexion) et prévenez votre administrateur.\n`,
    html: layout('Changement de votre adresse email', [
      `<p>Bonjour ${esc(name)},</p>`,
      `<p>Un changement de l'adresse email de votre compte vers <strong>${esc(newEmail)}</strong> vient d'être demandé. Il prendra effet quand le lien envoyé à cette adresse sera ouvert. Vos autres sessions ont été fermées.</p>`,
      `<p>Si ce n'est pas vous, changez votre mot de passe tout de suite (« Mot de passe oublié ? » sur la page de connexion) et prévenez votre administrateur.</p>`,
    ]),
  };
}
