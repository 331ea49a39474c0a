import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { fieldErrors } from './errors';

/**
 * Which new passwords are refused (ASVS 5.0 2.1), wherever one is chosen: the reset and
 * invitation link, the profile's change, the superadmin created from the command line.
 *
 * - one that contains the account's own name or the local part of its email (`jean.obame`, `obame`,
 *   `transgabon`: pieces of 3 letters or more, case and accents ignored);
 * - one that zxcvbn-ts rates below 2 of 4 (« too guessable »): the 49,000 passwords of its common list
 *   (`12345678`, `azerty`, `motdepasse`, `soleil`…), French words, first and last names, keyboard walks,
 *   dates and repeats, with their obvious variants (`Soleil2024`, `P@ssw0rd!`).
 *
 * The estimator and its dictionaries (≈ 6 MB of words) load on the first password chosen, not at start.
 */

export interface PasswordOwner {
  email?: string | null;
  name?: string | null;
  nom?: string | null;
  prenom?: string | null;
}

const MIN_SCORE = 2;
const MSG_PERSONAL = 'Le mot de passe ne doit contenir ni votre nom ni votre adresse email.';
const MSG_GUESSABLE =
  'Ce mot de passe est trop facile à deviner (mot de passe courant, mot du dictionnaire, prénom, date ou suite de touches) : choisissez-en un plus long ou moins prévisible.';

let estimator: Promise<ZxcvbnFactory> | undefined;

function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, fr] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-fr'),
    ]);
    // The French Wikipedia list (38,000 words) makes each check 5 × slower and adds little to these.
    return new ZxcvbnFactory({
      dictionary: {
        'passwords-common': common.dictionary['passwords-common'],
        'commonWords-fr': fr.dictionary['commonWords-fr'],
        'firstnames-fr': fr.dictionary['firstnames-fr'],
        'lastnames-fr': fr.dictionary['lastnames-fr'],
      },
      graphs: common.adjacencyGraphs,
      translations: fr.translations,
    });
  })();
  return estimator;
}

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The pieces of the owner's identity a password may not contain: the email's local part and its words. */
export function personalPieces(owner: PasswordOwner): string[] {
  const local = owner.email ? plain(owner.email.split('@')[0]!) : '';
  const words = [local, owner.name, owner.nom, owner.prenom]
    .filter((part): part is string => !!part)
    .flatMap((part) => plain(part).split(/[^\p{L}\p{N}]+/u));
  return [...new Set([local, ...words])].filter((piece) => piece.length >= 3);
}

/** Why this password is refused for this account, in French, or `null` when it is accepted. */
export async function passwordWeakness(password: string, owner: PasswordOwner): Promise<string | null> {
  const pieces = personalPieces(owner);
  const candidate = plain(password);
  if (pieces.some((piece) => candidate.includes(piece))) return MSG_PERSONAL;
  // The email's domain (`transgabon`) is no part of the person, but makes a password guessable.
  const domain = owner.email?.split('@')[1]?.split('.')[0];
  const { score } = (await loadEstimator()).check(password, domain ? [...pieces, plain(domain)] : pieces);
  return score < MIN_SCORE ? MSG_GUESSABLE : null;
}

/** Throws the 422 `{ password: … }` of a refused password. */
export async function assertStrongPassword(password: string, owner: PasswordOwner): Promise<void> {
  const reason = await passwordWeakness(password, owner);
  if (reason) throw fieldErrors({ password: reason });
}
