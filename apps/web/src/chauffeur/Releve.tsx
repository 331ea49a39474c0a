import {
  type CourseChauffeurOut,
  FRAIS_TYPES,
  INCIDENT_TYPES,
  LIVRAISON_MSG,
  LIVRAISON_PHOTOS_MAX,
} from '@yams/shared';
import { type FormEvent, useRef, useState } from 'react';
import { CHEMINS, cheminCourse } from './api';
import { nouvelId } from './format';
import { champsPosition, compresser, position } from './media';
import { ajouter } from './outbox';
import { Signature, type SignatureHandle } from './Signature';

export type Sorte = 'livraison' | 'carburant' | 'frais' | 'incident';

const TITRES: Record<Sorte, string> = {
  livraison: 'Preuve de livraison',
  carburant: 'Carburant',
  frais: 'Frais de route',
  incident: 'Incident',
};

/** One form of the road: written to the outbox first (photos included), sent when the network allows. */
export function Releve({
  sorte,
  course: c,
  onDone,
}: {
  sorte: Sorte;
  course: CourseChauffeurOut;
  onDone: (message: string | null) => void;
}) {
  const [erreur, setErreur] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [photos, setPhotos] = useState<Blob[]>([]);
  const signature = useRef<SignatureHandle>(null);

  async function ajouterPhotos(files: FileList | null) {
    setErreur(null);
    try {
      const reduites = await Promise.all([...(files ?? [])].map(compresser));
      setPhotos((p) => [...p, ...reduites].slice(0, sorte === 'livraison' ? LIVRAISON_PHOTOS_MAX : 1));
    } catch (e) {
      setErreur((e as Error).message);
    }
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const form: Record<string, string | Blob | Blob[]> = {};
    if (sorte === 'livraison') {
      if (!text('receptionnaire')) return setErreur('Le nom du réceptionnaire est obligatoire.');
      // The code is checked by the API only (the phone never knows it): a wrong one comes back refused.
      if (c.code_livraison_requis && !text('code')) return setErreur(LIVRAISON_MSG.codeObligatoire);
      const sig = await signature.current?.blob();
      if (!sig) return setErreur('La signature du réceptionnaire est obligatoire.');
      Object.assign(form, { receptionnaire: text('receptionnaire'), signature: sig, photos });
      if (text('code')) form.code = text('code');
    } else if (sorte === 'carburant') {
      if (!text('litres') || !text('montant'))
        return setErreur('Les litres et le montant sont obligatoires.');
      Object.assign(form, {
        course_id: String(c.id),
        litres: text('litres'),
        montant: text('montant').replace(/[\s.]/g, ''),
        station: text('station'),
        kilometrage: text('kilometrage'),
        plein: data.get('plein') ? 'true' : 'false',
      });
    } else if (sorte === 'frais') {
      if (!text('montant')) return setErreur('Le montant est obligatoire.');
      Object.assign(form, {
        course_id: String(c.id),
        type: text('type'),
        montant: text('montant').replace(/[\s.]/g, ''),
      });
    } else {
      if (!text('note')) return setErreur('Décrivez ce qui se passe.');
      Object.assign(form, { course_id: String(c.id), type: text('type') });
    }
    if (text('note')) form.note = text('note');
    if (sorte !== 'livraison' && photos[0]) form.photo = photos[0];
    setBusy(true);
    const id = nouvelId();
    const pos = await position();
    await ajouter({
      id,
      url:
        sorte === 'livraison'
          ? cheminCourse(CHEMINS.livraison, c.id)
          : CHEMINS[sorte === 'incident' ? 'incidents' : sorte],
      corps: { form: { ...form, id_client: id, date: new Date().toISOString(), ...champsPosition(pos) } },
      libelle: `${TITRES[sorte]} — ${c.code}`,
      courseId: c.id,
    });
    setBusy(false);
    onDone(
      `${TITRES[sorte]} enregistré${sorte === 'livraison' ? 'e' : ''}${navigator.onLine ? '.' : ' sur le téléphone : envoi au retour du réseau.'}`,
    );
  }

  return (
    <main className="ch-pad">
      <button type="button" className="ch-link" onClick={() => onDone(null)}>
        ← {c.code}
      </button>
      <h2 className="ch-title">{TITRES[sorte]}</h2>
      <form onSubmit={submit} noValidate className="ch-form">
        {sorte === 'livraison' && (
          <>
            <label>
              Nom du réceptionnaire
              <input name="receptionnaire" autoComplete="off" required />
            </label>
            {c.code_livraison_requis && (
              <label>
                Code de livraison (donné par le destinataire)
                <input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={12} required />
              </label>
            )}
            <Signature ref={signature} />
          </>
        )}
        {sorte === 'carburant' && (
          <>
            <label>
              Litres
              <input name="litres" inputMode="decimal" required />
            </label>
            <label>
              Montant (FCFA)
              <input name="montant" inputMode="numeric" required />
            </label>
            <label>
              Station
              <input name="station" />
            </label>
            <label>
              Compteur (km)
              <input name="kilometrage" inputMode="numeric" />
            </label>
            <label className="ch-check">
              <input type="checkbox" name="plein" /> Plein fait
            </label>
          </>
        )}
        {(sorte === 'frais' || sorte === 'incident') && (
          <label>
            Type
            <select name="type">
              {(sorte === 'frais' ? FRAIS_TYPES : INCIDENT_TYPES).map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </label>
        )}
        {sorte === 'frais' && (
          <label>
            Montant (FCFA)
            <input name="montant" inputMode="numeric" required />
          </label>
        )}
        <label>
          {sorte === 'incident' ? 'Ce qui se passe' : 'Note'}
          <textarea name="note" rows={2} />
        </label>
        <label className="ch-btn ch-file">
          {sorte === 'livraison' ? 'Ajouter des photos' : 'Photo du reçu'}
          <input
            type="file"
            name="photo-choix"
            accept="image/*"
            capture="environment"
            multiple={sorte === 'livraison'}
            onChange={(e) => void ajouterPhotos(e.target.files)}
          />
        </label>
        {photos.length > 0 && <p className="ch-muted">{photos.length} photo(s) prête(s).</p>}
        {erreur && (
          <p className="ch-error" role="alert">
            {erreur}
          </p>
        )}
        <button type="submit" className="ch-btn ch-primary" disabled={busy}>
          Enregistrer
        </button>
      </form>
    </main>
  );
}
