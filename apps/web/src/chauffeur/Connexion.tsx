import { type FormEvent, useState } from 'react';
import { CHEMINS, call, type Session, setSession } from './api';

/** Sign-in with the phone number (or the email) and the password the office gave. */
export function Connexion({ onDone }: { onDone: (s: Session) => void }) {
  const [ident, setIdent] = useState('');
  const [password, setPassword] = useState('');
  const [erreur, setErreur] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErreur(null);
    const value = ident.trim();
    const res = await call<{ token: string; user: Session['user'] }>('POST', CHEMINS.login, {
      ...(value.includes('@') ? { email: value } : { telephone: value }),
      password,
      source: 'chauffeur',
    });
    setBusy(false);
    if (!res.ok) return setErreur(res.errors[0] ?? null);
    const session = { token: res.data.token, user: res.data.user };
    setSession(session);
    onDone(session);
  }

  return (
    <main className="ch-login">
      <img src="/chauffeur-192.png" alt="" width={72} height={72} />
      <h1>Yams Chauffeur</h1>
      <p className="ch-muted">Mes courses, mes étapes et mes livraisons, même sans réseau.</p>
      <form onSubmit={submit} noValidate>
        <label>
          Téléphone ou email
          <input
            name="identifiant"
            inputMode="tel"
            autoComplete="username"
            value={ident}
            onChange={(e) => setIdent(e.target.value)}
            placeholder="077 12 34 56"
            required
          />
        </label>
        <label>
          Mot de passe
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
        {erreur && (
          <p className="ch-error" role="alert">
            {erreur}
          </p>
        )}
        <button type="submit" className="ch-btn ch-primary" disabled={busy}>
          {busy ? 'Connexion…' : 'Se connecter'}
        </button>
      </form>
    </main>
  );
}
