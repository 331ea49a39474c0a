import { describe, expect, it } from 'vitest';
import { passwordWeakness, personalPieces } from './password-policy';

const owner = { email: 'jean.obame@transgabon.ga', name: 'jobame', nom: 'Obame', prenom: 'Jéan-Marc' };

describe('password policy', () => {
  it('refuses the common passwords, French ones and their obvious variants', async () => {
    for (const password of ['12345678', 'azertyuiop', 'motdepasse', 'soleil2024', 'P@ssw0rd!', 'Azerty123']) {
      expect(await passwordWeakness(password, {}), password).toMatch(/^Ce mot de passe est trop facile/);
    }
  });

  it("counts the email's domain as a guessable word", async () => {
    expect(await passwordWeakness('TransGabon2026', owner)).toMatch(/^Ce mot de passe est trop facile/);
    expect(await passwordWeakness('TransGabon2026', {})).toBeNull();
  });

  it("refuses the account's own email or name, whatever the case and accents", async () => {
    for (const password of ['jean.obame@transgabon.ga', 'Obame1985!!', 'xJEANMARC-77']) {
      expect(await passwordWeakness(password, owner), password).toBe(
        'Le mot de passe ne doit contenir ni votre nom ni votre adresse email.',
      );
    }
  });

  it('accepts the passwords a careful user picks, including the ones the demo and the tests use', async () => {
    for (const password of [
      'Yams2026!',
      'Reinit2026!',
      'NouveauMdp1!',
      'Mouketou-Camion-77',
      'Nouveau-secret-2026',
    ]) {
      expect(await passwordWeakness(password, owner), password).toBeNull();
    }
  });

  it('takes from the identity only pieces of three letters or more', () => {
    expect(personalPieces({ email: 'li@yams.ga', nom: 'Ba', prenom: 'Ékang' }).sort()).toEqual(['ekang']);
    expect(personalPieces(owner).sort()).toEqual(['jean', 'jean.obame', 'jobame', 'marc', 'obame']);
  });
});
