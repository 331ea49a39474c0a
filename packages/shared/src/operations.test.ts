import { describe, expect, it } from 'vitest';
import {
  COURSE_STATUTS,
  CourseBody,
  type CourseStatut,
  courseCode,
  courseDetails,
  courseEtat,
  courseTransitionError,
  demandeTransitionError,
  nextCourseStatuts,
  PaiementBody,
  paiementTransitionError,
  parseDateTime,
} from './index';

describe('course lifecycle', () => {
  const legal: Array<[CourseStatut, CourseStatut, CourseStatut | null]> = [
    ['Chargement en attente', 'Chargement terminé', null],
    ['Chargement terminé', 'Transport en cours', null],
    ['Transport en cours', 'Terminé', null],
    ['Chargement terminé', 'Problemes mécaniques', null],
    ['Transport en cours', 'Problemes mécaniques', null],
    ['Problemes mécaniques', 'Transport en cours', 'Transport en cours'],
    ['Problemes mécaniques', 'Chargement terminé', 'Chargement terminé'],
    ['Chargement en attente', 'Annulé', null],
    ['Chargement terminé', 'Annulé', null],
    ['Transport en cours', 'Annulé', null],
    ['Problemes mécaniques', 'Annulé', 'Transport en cours'],
  ];
  it.each(legal)('%s → %s is legal', (from, to, before) => {
    expect(courseTransitionError(from, to, before)).toBeNull();
  });

  it('refuses every other move with a sentence naming both states', () => {
    const legalSet = new Set(legal.map(([f, t, b]) => `${f}|${t}|${b}`));
    let refused = 0;
    for (const from of COURSE_STATUTS) {
      for (const to of COURSE_STATUTS) {
        const before = from === 'Problemes mécaniques' ? 'Transport en cours' : null;
        if (legalSet.has(`${from}|${to}|${before}`)) continue;
        const error = courseTransitionError(from, to, before);
        expect(error, `${from} → ${to}`).not.toBeNull();
        if (from !== to)
          expect(error).toBe(`Impossible de passer une course du statut « ${from} » au statut « ${to} ».`);
        refused++;
      }
    }
    expect(refused).toBe(36 - 10);
  });

  it('returns from a breakdown only to the state it came from', () => {
    expect(nextCourseStatuts('Problemes mécaniques', 'Chargement terminé')).toEqual([
      'Chargement terminé',
      'Annulé',
    ]);
    expect(courseTransitionError('Problemes mécaniques', 'Transport en cours', 'Chargement terminé')).toMatch(
      /Impossible/,
    );
    expect(nextCourseStatuts('Chargement en attente')).not.toContain('Problemes mécaniques');
    expect(nextCourseStatuts('Terminé')).toEqual([]);
    expect(nextCourseStatuts('Annulé')).toEqual([]);
  });
});

describe('payment state and other lifecycles', () => {
  it('derives the course etat from validated payments', () => {
    expect(courseEtat(100_000, 0)).toBe('Non payé');
    expect(courseEtat(100_000, 40_000)).toBe('Acompte');
    expect(courseEtat(100_000, 100_000)).toBe('Payé');
  });

  it('payments: pending → validated → cancelled, nothing back', () => {
    expect(paiementTransitionError('En attente', 'Validé')).toBeNull();
    expect(paiementTransitionError('Validé', 'Annulé')).toBeNull();
    expect(paiementTransitionError('Annulé', 'Validé')).toBe(
      'Impossible de passer un paiement du statut « Annulé » au statut « Validé ».',
    );
    expect(paiementTransitionError('Validé', 'Validé')).toBe('Le paiement est déjà au statut « Validé ».');
  });

  it('demandes: open → accepted or cancelled, both final', () => {
    expect(demandeTransitionError('En attente', 'Recherche en cours')).toBeNull();
    expect(demandeTransitionError('Recherche en cours', 'Accepté')).toBeNull();
    expect(demandeTransitionError('Accepté', 'Annulé')).toBe(
      'Impossible de passer une demande du statut « Accepté » au statut « Annulé ».',
    );
    expect(demandeTransitionError('Recherche en cours', 'En attente')).not.toBeNull();
  });
});

describe('formatting and parsing', () => {
  it('writes the route text and the code', () => {
    expect(
      courseDetails({
        ville_depart: 'Libreville',
        ville_arrivee: 'Franceville',
        marchandise: 'Ciment',
        poids_kg: 12000,
      }),
    ).toBe('Libreville → Franceville (Ciment, 12 t)');
    expect(courseDetails({ ville_depart: 'Owendo', ville_arrivee: 'Akanda', poids_kg: 850 })).toBe(
      'Owendo → Akanda (850 kg)',
    );
    expect(courseDetails({ ville_depart: 'Oyem', ville_arrivee: 'Bitam', poids_kg: 12_500 })).toBe(
      'Oyem → Bitam (12,5 t)',
    );
    expect(courseCode(2026, 42)).toBe('CRS-2026-00042');
  });

  it('reads date-times as Libreville time unless an offset is given', () => {
    expect(parseDateTime('2026-03-14')).toBe('2026-03-13T23:00:00.000Z');
    expect(parseDateTime('2026-03-14T08:30')).toBe('2026-03-14T07:30:00.000Z');
    expect(parseDateTime('2026-03-14T08:30:00.000Z')).toBe('2026-03-14T08:30:00.000Z');
    expect(parseDateTime('2026-03-14T08:30:00+0200')).toBe('2026-03-14T06:30:00.000Z');
    expect(parseDateTime('2026-02-30')).toBeNull();
    expect(parseDateTime('demain')).toBeNull();
  });

  it('validates a course body with French messages', () => {
    const res = CourseBody.safeParse({ type_course: 'Vol', montant: '12.5', date_chargement: '2026-13-01' });
    expect(res.success).toBe(false);
    const messages = res.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Le client est obligatoire.',
        'Le véhicule est obligatoire.',
        "Le type de course n'est pas valide.",
        'La ville de départ est obligatoire.',
        "Le montant doit être un nombre entier de francs CFA : le franc CFA n'a pas de centimes.",
        "La date de chargement n'est pas une date valide.",
      ]),
    );
    const dates = CourseBody.safeParse({
      client_id: 1,
      vehicule_id: '2',
      type_course: 'Livraison',
      ville_depart_id: 1,
      ville_arrivee_id: 2,
      date_chargement: '2026-03-14T10:00',
      date_dechargement: '2026-03-14T09:00',
      montant: 150000,
    });
    expect(dates.error?.issues[0]?.message).toBe(
      'La date de déchargement doit être postérieure à la date de chargement.',
    );
    expect(
      PaiementBody.safeParse({ course_id: 1, libelle: ' ', mode: 'Bitcoin', montant: 0 }).error?.issues.map(
        (i) => i.message,
      ),
    ).toEqual([
      'Le libellé est obligatoire.',
      "Le mode de paiement n'est pas valide.",
      'Le montant doit être supérieur à 0 FCFA.',
    ]);
  });
});
