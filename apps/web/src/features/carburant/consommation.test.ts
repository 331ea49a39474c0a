import type { ConsommationLigne } from '@yams/shared';
import { describe, expect, it } from 'vitest';
import { parVehicule } from './consommation';

const ligne = (id: number, mois: string, km: number, litres: number, montant: number): ConsommationLigne => ({
  vehicule: { id, plaque: `GA-${id}00-AA` },
  mois,
  km,
  litres,
  consommation: km > 0 ? Math.round((litres / km) * 1000) / 10 : null,
  consommation_reference: 32,
  consommation_seuil: 38.4,
  litres_achetes: litres,
  montant,
  pleins: 2,
});

describe('consommation par véhicule', () => {
  it('adds the months up: litres over km of the whole year, the last month with a figure, the FCFA spent', () => {
    const [a, b] = parVehicule([
      ligne(1, '2026-01', 1000, 330, 227_700),
      ligne(1, '2026-02', 2000, 600, 414_000),
      ligne(1, '2026-03', 0, 0, 69_000), // a partial fill only: no stretch closed
      ligne(2, '2026-02', 500, 70, 48_300),
    ]);
    // (330 + 600) / 3000 km = 31 L/100 km
    expect(a).toMatchObject({
      id: 1,
      km: 3000,
      litres: 930,
      consommation: 31,
      montant: 710_700,
      seuil: 38.4,
    });
    expect(a!.dernier?.mois).toBe('2026-02');
    expect(b).toMatchObject({ id: 2, consommation: 14 });
  });

  it('no stretch at all: no consumption, never a division by zero', () => {
    expect(parVehicule([ligne(3, '2026-04', 0, 0, 10_000)])[0]).toMatchObject({
      consommation: null,
      dernier: undefined,
    });
  });
});
