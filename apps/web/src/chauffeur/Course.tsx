import { type CourseChauffeurOut, type CourseStatut, ETAPE_LIBELLES, formatPoids } from '@yams/shared';
import { useState } from 'react';
import { CHEMINS, cheminCourse } from './api';
import { avecEtape, heure, jour, lienCarte, nouvelId, statutAffiche } from './format';
import { position } from './media';
import { ajouter, type Envoi } from './outbox';
import { Releve, type Sorte } from './Releve';

/** The steps the driver may tap now, from the statut he sees (his own steps still on the phone included). */
function etapes(c: CourseChauffeurOut, envois: Envoi[]): CourseStatut[] {
  const statut = statutAffiche(c, envois);
  return statut === c.statut ? c.etapes_possibles : avecEtape(c, statut).etapes_possibles;
}

export function Course({
  course: c,
  envois,
  onBack,
}: {
  course: CourseChauffeurOut;
  envois: Envoi[];
  onBack: () => void;
}) {
  const [sorte, setSorte] = useState<Sorte | null>(null);
  const [panne, setPanne] = useState(false);
  const [note, setNote] = useState('');
  const [info, setInfo] = useState<string | null>(null);
  const statut = statutAffiche(c, envois);
  const livree = c.livree || envois.some((e) => e.courseId === c.id && e.url.endsWith('/livraison'));

  if (sorte)
    return (
      <Releve
        sorte={sorte}
        course={c}
        onDone={(msg) => {
          setSorte(null);
          setInfo(msg);
        }}
      />
    );

  async function etape(to: CourseStatut) {
    if (to === 'Problemes mécaniques' && !note.trim()) return setPanne(true);
    const id = nouvelId();
    const pos = await position();
    await ajouter({
      id,
      url: cheminCourse(CHEMINS.etapes, c.id),
      corps: {
        json: {
          id_client: id,
          statut: to,
          date: new Date().toISOString(),
          ...(pos ?? {}),
          ...(to === 'Problemes mécaniques' ? { note: note.trim() } : {}),
        },
      },
      libelle: `Étape « ${to} » — ${c.code}`,
      courseId: c.id,
      etape: to,
    });
    setPanne(false);
    setNote('');
    setInfo(
      `Étape « ${to} » enregistrée${navigator.onLine ? '' : ' sur le téléphone : elle partira dès le retour du réseau'}.`,
    );
  }

  return (
    <main className="ch-pad">
      <button type="button" className="ch-link" onClick={onBack}>
        ← Mes courses
      </button>
      <h2 className="ch-title">
        {c.code} <span className="ch-tag">{statut}</span>
      </h2>
      {info && (
        <p className="ch-note" role="status">
          {info}
        </p>
      )}
      <section className="ch-block" aria-label="Itinéraire">
        <p>
          <strong>Chargement</strong> · {jour(c.date_chargement)} à {heure(c.date_chargement)}
          <br />
          <a
            href={lienCarte(c.chargement_lat, c.chargement_lng, c.adresse_chargement, c.ville_depart.libelle)}
          >
            {c.adresse_chargement ?? c.ville_depart.libelle}
          </a>
        </p>
        <p>
          <strong>Livraison</strong> · {c.ville_arrivee.libelle}
          <br />
          <a
            href={lienCarte(
              c.dechargement_lat,
              c.dechargement_lng,
              c.adresse_dechargement,
              c.ville_arrivee.libelle,
            )}
          >
            {c.adresse_dechargement ?? c.ville_arrivee.libelle}
          </a>
        </p>
        <p>
          <strong>Client</strong> · {c.client.nom_complet}
          {c.client.telephone && (
            <>
              <br />
              <a className="ch-btn ch-call" href={`tel:${c.client.telephone.replace(/\s/g, '')}`}>
                Appeler {c.client.telephone}
              </a>
            </>
          )}
        </p>
        <p>
          <strong>Marchandise</strong> ·{' '}
          {[c.marchandise ?? c.type_course, formatPoids(c.poids_kg)].filter(Boolean).join(', ')}
          <br />
          <strong>Véhicule</strong> · {c.vehicule.plaque}
        </p>
        {c.description && <p className="ch-office">Note du bureau : {c.description}</p>}
      </section>

      <section aria-label="Étapes">
        <h3>Étapes</h3>
        {etapes(c, envois).length === 0 && <p className="ch-muted">Aucune étape à enregistrer.</p>}
        {panne && (
          <label>
            Décrivez le problème
            <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={3} />
          </label>
        )}
        {etapes(c, envois).map((s) => (
          <button
            type="button"
            key={s}
            className={`ch-btn ${s === 'Problemes mécaniques' ? 'ch-danger' : 'ch-primary'}`}
            onClick={() => void etape(s)}
          >
            {statut === 'Problemes mécaniques' ? `Reprendre : ${s}` : (ETAPE_LIBELLES[s] ?? s)}
          </button>
        ))}
      </section>

      {c.incidents.length > 0 && (
        <section aria-label="Mes incidents" className="ch-block">
          <h3>Mes incidents</h3>
          <ul className="ch-incidents">
            {c.incidents.map((i) => (
              <li key={i.id}>
                <strong>{i.type}</strong> · {heure(i.date)} — {i.note}
                <br />
                {i.traitement ? (
                  <span className="ch-traite">
                    Traité par le bureau ({i.traitement.par}) à {heure(i.traitement.le)} : {i.traitement.note}
                  </span>
                ) : (
                  <span className="ch-muted">En attente du bureau.</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-label="Sur la route" className="ch-grid">
        <h3>Sur la route</h3>
        {!livree && statut !== 'Chargement en attente' && (
          <button type="button" className="ch-btn ch-primary" onClick={() => setSorte('livraison')}>
            Preuve de livraison
          </button>
        )}
        {livree && <p className="ch-note">Livraison enregistrée.</p>}
        <button type="button" className="ch-btn" onClick={() => setSorte('carburant')}>
          Carburant
        </button>
        <button type="button" className="ch-btn" onClick={() => setSorte('frais')}>
          Frais de route
        </button>
        <button type="button" className="ch-btn ch-danger-outline" onClick={() => setSorte('incident')}>
          Incident
        </button>
      </section>
    </main>
  );
}
