import type { CourseChauffeurOut } from '@yams/shared';
import { heure, jour, statutAffiche } from './format';
import type { Envoi } from './outbox';

/** 'Mes courses': today's work first, then what comes this week and next. */
export function Liste({
  courses,
  envois,
  hors,
  onOpen,
}: {
  courses: CourseChauffeurOut[] | null;
  envois: Envoi[];
  hors: boolean;
  onOpen: (c: CourseChauffeurOut) => void;
}) {
  if (!courses) return <p className="ch-muted ch-pad">Chargement des courses…</p>;
  const groupes: Array<[string, CourseChauffeurOut[]]> = [
    ["Aujourd'hui", courses.filter((c) => c.quand === 'aujourdhui')],
    ['À venir', courses.filter((c) => c.quand === 'a_venir')],
  ];
  return (
    <main className="ch-pad">
      {hors && <p className="ch-note">Hors ligne : voici les courses enregistrées sur le téléphone.</p>}
      {groupes.map(([titre, list]) => (
        <section key={titre} aria-label={titre}>
          <h2>{titre}</h2>
          {list.length === 0 && <p className="ch-muted">Aucune course.</p>}
          {list.map((c) => (
            <button type="button" key={c.id} className="ch-card" onClick={() => onOpen(c)}>
              <span className="ch-card-top">
                <strong>{c.code}</strong>
                <span className="ch-tag">{statutAffiche(c, envois)}</span>
              </span>
              <span className="ch-route">
                {c.ville_depart.libelle} → {c.ville_arrivee.libelle}
              </span>
              <span className="ch-muted">
                {c.quand === 'a_venir' ? `${jour(c.date_chargement)}, ` : ''}
                chargement {heure(c.date_chargement)} · {c.vehicule.plaque}
              </span>
            </button>
          ))}
        </section>
      ))}
    </main>
  );
}
