import { describe, expect, it } from 'vitest';
import {
  addDays,
  documentEtat,
  InterventionBody,
  montantIntervention,
  montantLigne,
  normalisePlaque,
  plaqueCle,
  todayInGabon,
  VehiculeBody,
  vehiculeStatutRefus,
  zPlaque,
} from './index';

describe('montantIntervention', () => {
  it('sums quantity × unit price over the lines, in whole francs', () => {
    expect(montantLigne({ qte: 3, prix_unitaire: 45_000 })).toBe(135_000);
    expect(
      montantIntervention([
        { qte: 1, prix_unitaire: 35_000 },
        { qte: 4, prix_unitaire: 215_000 },
        { qte: 2, prix_unitaire: 12_000 },
      ]),
    ).toBe(35_000 + 860_000 + 24_000);
    expect(montantIntervention([])).toBe(0);
  });
});

describe('plaques', () => {
  it('stores one canonical form: the national GA-175-RX, other plates with their groups dashed', () => {
    for (const typed of ['GA-175-RX', 'GA 175 RX', 'ga175rx', ' ga - 175 -  rx ', 'GA175-RX'])
      expect(normalisePlaque(typed)).toBe('GA-175-RX');
    expect(normalisePlaque(' gb 123 aa ')).toBe('GB-123-AA');
    expect(normalisePlaque('1234\tG1')).toBe('1234-G1');
    expect(normalisePlaque('ga - 77 - xy')).toBe('GA-77-XY');
    expect(normalisePlaque('WW 1234')).toBe('WW-1234');
  });
  it('compares plates without their separators', () => {
    expect(plaqueCle('GA 175 RX')).toBe('GA175RX');
    expect(plaqueCle('ab-12-cd')).toBe(plaqueCle('AB12CD'));
    expect(plaqueCle(' - ')).toBe('');
  });
  it('refuses empty plates and odd characters in French', () => {
    expect(zPlaque.safeParse('   ').error?.issues[0]?.message).toBe('La plaque est obligatoire.');
    expect(zPlaque.safeParse('GA/123').error?.issues[0]?.message).toBe(
      'La plaque ne peut contenir que des lettres, des chiffres, des espaces et des tirets.',
    );
    expect(zPlaque.parse(' ga-123-ab ')).toBe('GA-123-AB');
  });
});

describe('documentEtat', () => {
  const today = '2026-03-10';
  it('flags expired papers and those expiring within 30 days', () => {
    expect(documentEtat('2026-03-09', today)).toBe('Expiré');
    expect(documentEtat('2026-03-10', today)).toBe('Expire bientôt');
    expect(documentEtat('2026-04-09', today)).toBe('Expire bientôt');
    expect(documentEtat('2026-04-10', today)).toBe('Valide');
    expect(documentEtat(null, today)).toBe('Sans expiration');
  });
  it('adds days across months and years, and reads today in Libreville', () => {
    expect(addDays('2026-01-30', 3)).toBe('2026-02-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // 23:30 UTC is already the next day in Libreville (UTC+1).
    expect(todayInGabon(new Date('2026-05-31T23:30:00Z'))).toBe('2026-06-01');
  });
});

describe('vehicle lifecycle', () => {
  it('lets a person choose only Disponible or Indisponible, outside courses and interventions', () => {
    expect(vehiculeStatutRefus('Nouveau', 'Disponible')).toBeNull();
    expect(vehiculeStatutRefus('Disponible', 'Indisponible')).toBeNull();
    expect(vehiculeStatutRefus('Indisponible', 'Disponible')).toBeNull();
    expect(vehiculeStatutRefus('Disponible', 'Disponible')).toBeNull();
    expect(vehiculeStatutRefus('Disponible', 'En course')).toMatch(/automatiquement par les courses/);
    expect(vehiculeStatutRefus('Disponible', 'En intervention')).toMatch(/interventions confirmées/);
    expect(vehiculeStatutRefus('Disponible', 'Nouveau')).toBe(
      'Un véhicule ne peut pas redevenir « Nouveau ».',
    );
    expect(vehiculeStatutRefus('En intervention', 'Disponible')).toMatch(/fin de l’intervention/);
    expect(vehiculeStatutRefus('En course', 'Indisponible')).toMatch(/fin de la course/);
  });
});

describe('schemas', () => {
  it('give French messages for missing fields', () => {
    const v = VehiculeBody.safeParse({});
    expect(v.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['La plaque est obligatoire.', 'La marque est obligatoire.']),
    );
    const i = InterventionBody.safeParse({
      vehicule_id: 1,
      garage_id: 1,
      type: 'Lavage',
      date_debut: '2026-02-30',
    });
    expect(i.error?.issues.map((x) => x.message)).toEqual(
      expect.arrayContaining([
        'Le type doit être « Entretien » ou « Réparation ».',
        "La date de début n'est pas une date valide (AAAA-MM-JJ).",
      ]),
    );
    const order = InterventionBody.safeParse({
      vehicule_id: 1,
      garage_id: 1,
      type: 'Entretien',
      date_debut: '2026-03-10',
      date_fin: '2026-03-09',
    });
    expect(order.error?.issues[0]?.message).toBe(
      'La date de fin doit être postérieure ou égale à la date de début.',
    );
  });
});
