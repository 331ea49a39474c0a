import type { TelephoneChauffeurOut } from '@yams/shared';
import { useEffect, useState } from 'react';
import { CHEMINS, call } from './api';
import { ecrireCache, lireCache } from './outbox';

const CLE = 'telephone';

/** A value to type into Traccar Client, with a copy button. */
function Valeur({ label, value }: { label: string; value: string }) {
  const [copie, setCopie] = useState(false);
  return (
    <p>
      <strong>{label}</strong>
      <br />
      <code className="ch-code">{value}</code>
      <button
        type="button"
        className="ch-link"
        onClick={() =>
          void navigator.clipboard?.writeText(value).then(
            () => setCopie(true),
            () => undefined,
          )
        }
      >
        {copie ? 'Copié' : 'Copier'}
      </button>
    </p>
  );
}

/**
 * How to send positions when the app is closed: Traccar Client on the same phone, with this
 * phone's device identifier and the server's address (its key inside) pre-filled by the API; the same device
 * as the app's positions, on the vehicle he drives.
 */
export function Traccar({ onBack }: { onBack: () => void }) {
  const [tel, setTel] = useState<TelephoneChauffeurOut | null>(null);
  const [erreur, setErreur] = useState<string | null>(null);
  useEffect(() => {
    void (async () => {
      const res = await call<TelephoneChauffeurOut>('GET', CHEMINS.telephone);
      if (res.ok) {
        setTel(res.data);
        await ecrireCache(CLE, res.data);
      } else {
        const kept = await lireCache<TelephoneChauffeurOut>(CLE);
        if (kept) setTel(kept);
        else setErreur(res.errors[0] ?? null);
      }
    })();
  }, []);
  const serveur = tel ? `${window.location.origin}/api/gps/osmand/${tel.cle}` : '';

  return (
    <main className="ch-pad">
      <button type="button" className="ch-link" onClick={onBack}>
        ← Mes courses
      </button>
      <h2>Suivi GPS en arrière-plan</h2>
      <p>
        Quand l'application est ouverte, votre position part toute seule. Pour qu'elle parte aussi quand le
        téléphone est en veille, installez <strong>Traccar Client</strong> (Play Store) et saisissez :
      </p>
      {erreur && (
        <p className="ch-error" role="alert">
          {erreur}
        </p>
      )}
      {!tel && !erreur && <p className="ch-muted">Chargement…</p>}
      {tel && (
        <section className="ch-block" aria-label="Réglages de Traccar Client">
          <Valeur label="Identifiant de l'appareil" value={tel.identifiant} />
          <Valeur label="URL du serveur" value={serveur} />
          <p>
            <strong>Fréquence</strong> : 60 secondes · <strong>Précision</strong> : haute
          </p>
          <p>
            <strong>Véhicule</strong> :{' '}
            {tel.vehicule ? tel.vehicule.plaque : 'celui de votre prochaine course (choisi par le bureau)'}
          </p>
        </section>
      )}
      <ol>
        <li>Ouvrez Traccar Client et collez l'identifiant et l'URL du serveur ci-dessus.</li>
        <li>Autorisez la position « Toujours » et désactivez l'économie de batterie pour Traccar.</li>
        <li>Activez « Statut du service ».</li>
      </ol>
    </main>
  );
}
