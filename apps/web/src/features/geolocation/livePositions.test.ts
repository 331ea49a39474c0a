import type { AppareilOut, PositionPoussee } from '@yams/shared';
import { describe, expect, it } from 'vitest';
import { applyPush, toMapDevice } from './livePositions';

const row: AppareilOut = {
  id: 7,
  entreprise_id: 2,
  nom: 'Camion Owendo',
  identifiant: 'trk-7',
  cle: null,
  avec_cle: false,
  statut: 'Hors ligne',
  vehicule: { id: 3, plaque: 'GA-123-AB' },
  course: { id: 9, code: 'C-0009', statut: 'En cours' },
  derniere_position: {
    heure: '2026-11-23T08:00:00.000Z',
    latitude: 0.39,
    longitude: 9.45,
    vitesse: 30,
    cap: 90,
    altitude: null,
    precision: 5,
    batterie: 80,
    en_charge: false,
    recu_le: '2026-11-23T08:00:01.000Z',
  },
  latlng: [{ latitude: 0.39, longitude: 9.45 }],
  queue: [
    { latitude: 0.38, longitude: 9.44 },
    { latitude: 0.39, longitude: 9.45 },
  ],
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

const push = (heure: string, latitude: number, appareil_id = 7): PositionPoussee => ({
  appareil_id,
  entreprise_id: 2,
  vehicule_id: 3,
  positions: [{ heure, latitude, longitude: 9.5, vitesse: 54, cap: 10 }],
});

const now = new Date('2026-11-23T08:02:00.000Z').getTime();

describe('applyPush (a position pushed to the map)', () => {
  it('moves the marker to a newer fix, extends the track and makes the device online', () => {
    const next = applyPush(row, push('2026-11-23T08:01:30.000Z', 0.4), now);
    expect(next.derniere_position).toMatchObject({ latitude: 0.4, longitude: 9.5, vitesse: 54 });
    expect(next.latlng).toEqual([{ latitude: 0.4, longitude: 9.5 }]);
    expect(next.queue).toHaveLength(3);
    expect(next.queue.at(-1)).toEqual({ latitude: 0.4, longitude: 9.5 });
    expect(next.statut).toBe('En ligne');
    expect(toMapDevice(next)).toMatchObject({ online: true, position: [0.4, 9.5], vitesse: 54 });
  });

  it('keeps the newer position shown when an older fix arrives late (the device did report: online)', () => {
    const next = applyPush(row, push('2026-11-23T07:30:00.000Z', 0.1), now);
    expect(next.derniere_position?.latitude).toBe(0.39);
    expect(next.queue).toHaveLength(2);
    expect(next.statut).toBe('En ligne');
  });

  it('leaves other devices alone', () => {
    expect(applyPush(row, push('2026-11-23T08:01:30.000Z', 0.4, 8), now)).toBe(row);
  });
});

describe('toMapDevice', () => {
  it('shows the plate, the course and the last fix time', () => {
    expect(toMapDevice(row)).toMatchObject({
      online: false,
      vehicule: 'GA-123-AB',
      course: 'C-0009 · En cours',
      derniere_position: '2026-11-23T08:00:00.000Z',
      track: [
        [0.38, 9.44],
        [0.39, 9.45],
      ],
    });
  });
});
