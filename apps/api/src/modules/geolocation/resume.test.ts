import { describe, expect, it } from 'vitest';
import { resumeAppareil } from './resume';
import { SEUILS_DEFAUT } from './trace';
import { track } from './trace.fixture';

// 20 km at 60 km/h, 10 minutes parked engine running, 10 km at 60 km/h, on Friday 20 November 2026 in
// Libreville; one fix every 30 s (81 fixes).
const journee = () =>
  track('2026-11-20T08:00:00+01:00', [{ drive: 20, kmh: 60 }, { park: 10 }, { drive: 10, kmh: 60 }]);

describe('résumé d’un appareil sur une période', () => {
  it('distance, conduite, arrêts, vitesse maximale, positions et jours sans données', () => {
    const r = resumeAppareil(journee(), '2026-11-19', '2026-11-21', SEUILS_DEFAUT);
    expect(r).toMatchObject({
      distance_km: 30,
      duree_conduite_s: 30 * 60,
      arrets: 1,
      vitesse_max_kmh: 60,
      positions: 81,
      jours_sans_donnees: 2,
      // No ignition reported: no idle time, not 0.
      ralenti_s: null,
      moteur_s: null,
    });
  });

  it('le ralenti et les heures moteur quand le traceur donne le contact', () => {
    const points = journee().map((p) => ({ ...p, contact: true }));
    const r = resumeAppareil(points, '2026-11-20', '2026-11-20', SEUILS_DEFAUT);
    expect([r.ralenti_s, r.moteur_s, r.duree_conduite_s]).toEqual([600, 40 * 60, 30 * 60]);
    expect(r.jours_sans_donnees).toBe(0);
  });

  it('un arrêt de 4 minutes ne compte pas, un de 6 minutes compte', () => {
    const avec = (park: number) =>
      resumeAppareil(
        track('2026-11-20T08:00:00+01:00', [{ drive: 10, kmh: 50 }, { park }, { drive: 10, kmh: 50 }]),
        '2026-11-20',
        '2026-11-20',
        SEUILS_DEFAUT,
      ).arrets;
    expect([avec(4), avec(6)]).toEqual([0, 1]);
    // With the company's threshold at 8 minutes, the 6-minute stop no longer counts.
    const huit = resumeAppareil(
      track('2026-11-20T08:00:00+01:00', [{ drive: 10, kmh: 50 }, { park: 6 }, { drive: 10, kmh: 50 }]),
      '2026-11-20',
      '2026-11-20',
      { ...SEUILS_DEFAUT, arretMinutes: 8 },
    );
    expect(huit.arrets).toBe(0);
  });

  it('par conducteur : le badge lu, gardé jusqu’au suivant, sinon le chauffeur de la course', () => {
    const points = journee().map((p, i) =>
      i === 0 ? { ...p, conducteur: 'BADGE-1' } : i === 61 ? { ...p, conducteur: 'BADGE-2' } : p,
    );
    const r = resumeAppareil(points, '2026-11-20', '2026-11-20', SEUILS_DEFAUT);
    expect(Object.fromEntries(r.conducteurs)).toEqual({
      'BADGE-1': expect.objectContaining({
        distance_km: 20,
        duree_conduite_s: 1200,
        arrets: 1,
        positions: 61,
      }),
      'BADGE-2': expect.objectContaining({
        distance_km: 10,
        duree_conduite_s: 600,
        arrets: 0,
        positions: 20,
      }),
    });
    const sansBadge = resumeAppareil(
      journee(),
      '2026-11-20',
      '2026-11-20',
      SEUILS_DEFAUT,
      () => 'Jean Ndong',
    );
    expect([...sansBadge.conducteurs.keys()]).toEqual(['Jean Ndong']);
    expect(sansBadge.conducteurs.get('Jean Ndong')!.distance_km).toBe(30);
  });

  it('un trajet qui passe minuit (Libreville) compte pour les deux jours, sans jour vide', () => {
    const nuit = track('2026-11-20T23:40:00+01:00', [{ drive: 40, kmh: 45 }]);
    const r = resumeAppareil(nuit, '2026-11-20', '2026-11-21', SEUILS_DEFAUT);
    expect([r.distance_km, r.jours_sans_donnees]).toEqual([30, 0]);
  });
});
