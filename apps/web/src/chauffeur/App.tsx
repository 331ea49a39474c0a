import type { CourseChauffeurOut } from '@yams/shared';
import { useCallback, useEffect, useState } from 'react';
import { CHEMINS, call, getSession, listeCourses, type Session, setSession } from './api';
import { Connexion } from './Connexion';
import { Course } from './Course';
import { avecEtape, nouvelId } from './format';
import { Liste } from './Liste';
import {
  type CoursesEnCache,
  cleCourses,
  corriger,
  type Envoi,
  ecrireCache,
  lireCache,
  envois as lireEnvois,
  onChange,
  onEnvoye,
  oublier,
  vider,
} from './outbox';
import { suivrePosition } from './suivi';
import { Traccar } from './Traccar';

const pluriel = (n: number, mot: string) => `${n} ${mot}${n > 1 ? 's' : ''}`;

/** A delivery refused for its code: the right code typed again, the same delivery (signature, photos) resent. */
function CorrigerCode({ envoi }: { envoi: Envoi }) {
  const [code, setCode] = useState('');
  return (
    <form
      className="ch-form ch-corriger"
      onSubmit={(ev) => {
        ev.preventDefault();
        if (code.trim()) void corriger(envoi.id, { code: code.trim() }, nouvelId());
      }}
    >
      <label>
        Code de livraison
        <input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          value={code}
          onChange={(ev) => setCode(ev.target.value)}
        />
      </label>
      <button type="submit" className="ch-btn ch-primary">
        Renvoyer la livraison
      </button>
    </form>
  );
}

/** The sends still on the phone: how many, and the refused ones with the reason. */
function Envois({ envois }: { envois: Envoi[] }) {
  const [ouvert, setOuvert] = useState(false);
  const attente = envois.filter((e) => e.etat === 'attente');
  const conflits = envois.filter((e) => e.etat === 'conflit');
  if (!envois.length) return null;
  return (
    <div className={`ch-envois ${conflits.length ? 'ch-envois-conflit' : ''}`}>
      <button type="button" onClick={() => setOuvert(!ouvert)} aria-expanded={ouvert}>
        {attente.length > 0 && `${pluriel(attente.length, 'envoi')} en attente`}
        {attente.length > 0 && conflits.length > 0 && ' · '}
        {conflits.length > 0 &&
          `${pluriel(conflits.length, 'envoi')} refusé${conflits.length > 1 ? 's' : ''}`}
      </button>
      {ouvert && (
        <ul>
          {envois.map((e) => (
            <li key={e.id}>
              {e.libelle}
              {e.etat === 'conflit' ? (
                <>
                  <br />
                  <strong>Refusé : {e.erreur}</strong> {e.champs?.code && <CorrigerCode envoi={e} />}
                  <button type="button" className="ch-link" onClick={() => void oublier(e.id)}>
                    J'ai compris, retirer
                  </button>
                </>
              ) : (
                <span className="ch-muted"> — en attente</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function App() {
  const [session, setSess] = useState<Session | null>(getSession);
  const [courses, setCourses] = useState<CourseChauffeurOut[] | null>(null);
  const [hors, setHors] = useState(false);
  const [ouverte, setOuverte] = useState<number | null>(null);
  const [traccar, setTraccar] = useState(false);
  const [envois, setEnvois] = useState<Envoi[]>([]);

  const charger = useCallback(async () => {
    const res = await listeCourses();
    if (res.ok) {
      setCourses(res.data);
      setHors(false);
      await ecrireCache(cleCourses, res.data);
    } else {
      setCourses((await lireCache<CoursesEnCache>(cleCourses)) ?? []);
      setHors(res.status === 0);
    }
  }, []);

  useEffect(() => {
    const refresh = () => void lireEnvois().then(setEnvois);
    refresh();
    const off = onChange(refresh);
    const sessionGone = () => setSess(getSession());
    window.addEventListener('chauffeur:session', sessionGone);
    return () => {
      off();
      window.removeEventListener('chauffeur:session', sessionGone);
    };
  }, []);

  useEffect(() => {
    if (!session) return;
    void charger();
    // A step the API accepted shows at once; the list is then read again.
    const offSent = onEnvoye((e) => {
      setCourses(
        (list) =>
          list?.map((c) => {
            if (c.id !== e.courseId) return c;
            if (e.etape) return avecEtape(c, e.etape);
            return e.url.endsWith('/livraison') ? { ...c, livree: true } : c;
          }) ?? null,
      );
      void charger();
    });
    // Back online: what waited goes first, then the list is read again.
    const online = () => void vider().then(charger);
    window.addEventListener('online', online);
    const poll = setInterval(() => navigator.onLine && void charger(), 60_000);
    // The phone's position while the app is open, into the live map as the vehicle's device.
    const stopSuivi = suivrePosition();
    return () => {
      stopSuivi();
      offSent();
      window.removeEventListener('online', online);
      clearInterval(poll);
    };
  }, [session, charger]);

  if (!session) return <Connexion onDone={setSess} />;
  const course = courses?.find((c) => c.id === ouverte);

  return (
    <>
      <header className="ch-header">
        <span>
          <strong>Mes courses</strong>
          <br />
          <span className="ch-small">{session.user.nom_complet}</span>
        </span>
        <button
          type="button"
          className="ch-link ch-light"
          onClick={() => {
            void call('POST', CHEMINS.logout);
            setSession(null);
            setSess(null);
          }}
        >
          Se déconnecter
        </button>
      </header>
      <Envois envois={envois} />
      {traccar ? (
        <Traccar onBack={() => setTraccar(false)} />
      ) : course ? (
        <Course
          course={course}
          envois={envois}
          onBack={() => {
            setOuverte(null);
            void charger();
          }}
        />
      ) : (
        <>
          <Liste courses={courses} envois={envois} hors={hors} onOpen={(c) => setOuverte(c.id)} />
          <footer className="ch-footer">
            <button type="button" className="ch-link" onClick={() => setTraccar(true)}>
              Suivi GPS en arrière-plan (Traccar Client)
            </button>
          </footer>
        </>
      )}
    </>
  );
}
