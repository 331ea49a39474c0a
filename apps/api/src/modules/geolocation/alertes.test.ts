import { describe, expect, it } from 'vitest';
import {
  type AlerteDetectee,
  type EtatAlertes,
  etatVide,
  evaluerFix,
  type FixAlerte,
  type SeuilsAlertes,
  type ZoneAlerte,
} from './alertes';
import { M_PER_DEG } from './trace.fixture';

// The GPS alerts on synthetic tracks: each episode raises one alert, whatever the number of its fixes.

const C = { latitude: 0.4, longitude: 9.45 };
const T0 = Date.parse('2026-03-02T07:00:00Z');
const SEUILS: SeuilsAlertes = {
  vitesseMaxKmh: 90,
  arretMinutes: 5,
  ralentiMinutes: 10,
  vitesseMouvementKmh: 5,
};

/** A fix at `min` minutes, `m` metres east of C. */
const fix = (
  min: number,
  m: number,
  vitesse: number | null = 0,
  contact: boolean | null = null,
): FixAlerte => ({
  heure: new Date(T0 + min * 60_000).toISOString(),
  latitude: C.latitude,
  longitude: C.longitude + m / M_PER_DEG,
  vitesse,
  contact,
});

function run(fixes: FixAlerte[], zones: ZoneAlerte[] = [], seuils = SEUILS, etat: EtatAlertes = etatVide()) {
  return fixes.flatMap((f) => evaluerFix(etat, f, seuils, zones));
}
const of = (alerts: AlerteDetectee[], type: AlerteDetectee['type']) => alerts.filter((a) => a.type === type);

/** Driving east at `kmh`, one fix every 30 s from `from` minutes, `n` fixes. */
function conduite(from: number, n: number, kmh: (i: number) => number, startM = 0): FixAlerte[] {
  const out: FixAlerte[] = [];
  let m = startM;
  for (let i = 0; i < n; i++) {
    out.push(fix(from + i / 2, m, kmh(i)));
    m += (kmh(i) / 3.6) * 30;
  }
  return out;
}

describe('alertes : excès de vitesse', () => {
  it('une alerte par épisode, pas par position, datée de la première position au-dessus de la limite', () => {
    // 80 km/h, then 10 fixes between 92 and 110 (with one at 88: hovering at the limit), then 70 km/h.
    const speeds = [80, 80, 95, 110, 88, 92, 105, 100, 97, 93, 91, 70, 70];
    const alerts = of(run(conduite(0, speeds.length, (i) => speeds[i]!)), 'Excès de vitesse');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.heure).toBe(fix(1, 0).heure);
    expect(alerts[0]!.details).toEqual({ vitesse_kmh: 95, limite_kmh: 90 });
  });

  it('deux épisodes séparés par un retour sous la limite : deux alertes ; la limite du véhicule compte', () => {
    const speeds = [100, 100, 60, 60, 100, 60];
    expect(of(run(conduite(0, speeds.length, (i) => speeds[i]!)), 'Excès de vitesse')).toHaveLength(2);
    // A truck limited to 70 km/h speeds at 80.
    const camion = run(
      conduite(0, 4, () => 80),
      [],
      { ...SEUILS, vitesseMaxKmh: 70 },
    );
    expect(of(camion, 'Excès de vitesse')).toHaveLength(1);
    expect(of(run(conduite(0, 4, () => 80)), 'Excès de vitesse')).toHaveLength(0);
  });

  it('une position déjà évaluée ou plus ancienne (un lot renvoyé) ne relance rien', () => {
    const etat = etatVide();
    const track = conduite(0, 6, () => 120);
    expect(run(track, [], SEUILS, etat)).toHaveLength(1);
    expect(run(track, [], SEUILS, etat)).toHaveLength(0);
  });
});

describe('alertes : arrêt prolongé hors zone (N = 5 min)', () => {
  const arret = (minutes: number, m = 0) => {
    const fixes = [fix(0, m, 40)];
    // Stationary, with 20 m of GPS jitter, a fix a minute.
    for (let k = 1; k <= minutes; k++) fixes.push(fix(k, m + (k % 2) * 20, 0));
    fixes.push(fix(minutes + 1, m + 2000, 50));
    return fixes;
  };

  it('4 minutes : rien ; 6 minutes : une alerte, datée du début de l’arrêt', () => {
    expect(of(run(arret(4)), 'Arrêt prolongé')).toHaveLength(0);
    const six = of(run(arret(6)), 'Arrêt prolongé');
    expect(six).toHaveLength(1);
    expect(six[0]!.heure).toBe(fix(0, 0).heure);
    expect(six[0]!.details).toEqual({ duree_min: 5 });
  });

  it('un arrêt de 40 minutes donne une seule alerte', () => {
    expect(of(run(arret(40)), 'Arrêt prolongé')).toHaveLength(1);
  });

  it('dans une zone (ou à sa porte) : pas d’alerte', () => {
    const depot: ZoneAlerte = {
      id: 1,
      nom: 'Dépôt Owendo',
      geo: { type: 'cercle', latitude: C.latitude, longitude: C.longitude, rayon_m: 200 },
    };
    expect(of(run(arret(20), [depot]), 'Arrêt prolongé')).toHaveLength(0);
    // 230 m from the centre: 30 m outside the circle, within its exit margin.
    expect(of(run(arret(20, 230), [depot]), 'Arrêt prolongé')).toHaveLength(0);
    expect(of(run(arret(20, 1500), [depot]), 'Arrêt prolongé')).toHaveLength(1);
  });
});

describe('alertes : moteur au ralenti (N = 10 min)', () => {
  it('contact mis à l’arrêt 12 minutes : une alerte ; 8 minutes : rien', () => {
    const ralenti = (minutes: number) => [
      ...Array.from({ length: minutes + 1 }, (_, k) => fix(k, 0, 0, true)),
      fix(minutes + 1, 500, 40, true),
    ];
    const douze = of(run(ralenti(12)), 'Ralenti moteur');
    expect(douze).toHaveLength(1);
    expect(douze[0]!.heure).toBe(fix(0, 0).heure);
    expect(of(run(ralenti(8)), 'Ralenti moteur')).toHaveLength(0);
  });

  it('sans contact transmis (un téléphone) : jamais d’alerte de ralenti', () => {
    const fixes = Array.from({ length: 30 }, (_, k) => fix(k, 0, 0, null));
    expect(of(run(fixes), 'Ralenti moteur')).toHaveLength(0);
  });

  it('contact coupé : l’épisode s’arrête, un nouveau ralenti recompte depuis zéro', () => {
    const fixes = [
      ...Array.from({ length: 8 }, (_, k) => fix(k, 0, 0, true)),
      fix(8, 0, 0, false),
      ...Array.from({ length: 8 }, (_, k) => fix(9 + k, 0, 0, true)),
    ];
    expect(of(run(fixes), 'Ralenti moteur')).toHaveLength(0);
  });
});

describe('alertes : entrée et sortie de zone', () => {
  const zone: ZoneAlerte = {
    id: 7,
    nom: 'Port d’Owendo',
    geo: { type: 'cercle', latitude: C.latitude, longitude: C.longitude, rayon_m: 200 },
  };

  it('le va-et-vient d’un camion garé à la frontière ne fait ni entrée ni sortie à chaque position', () => {
    // From 1 km out, into the zone, then parked at the border: 190–240 m from the centre (the margin is 50 m).
    const fixes = [fix(0, 1000, 30), fix(1, 600, 30), fix(2, 190, 10)];
    const jitter = [230, 195, 240, 185, 235, 205, 190, 245, 199];
    for (const [k, m] of jitter.entries()) fixes.push(fix(3 + k, m, 0));
    fixes.push(fix(20, 800, 30), fix(21, 1200, 40));
    const alerts = run(fixes, [zone]);
    expect(alerts.filter((a) => a.zone).map((a) => [a.type, a.heure])).toEqual([
      ['Entrée de zone', fix(2, 0).heure],
      ['Sortie de zone', fix(20, 0).heure],
    ]);
  });

  it('la première position vue (ou une zone nouvelle) n’est ni une entrée ni une sortie', () => {
    expect(run([fix(0, 0, 0), fix(1, 10, 0)], [zone]).filter((a) => a.zone)).toHaveLength(0);
  });
});
