import type {
  CourseChauffeurOut,
  chauffeurCarburantEndpoint,
  chauffeurCoursesEndpoint,
  chauffeurEtapeEndpoint,
  chauffeurFraisEndpoint,
  chauffeurIncidentEndpoint,
  chauffeurLivraisonEndpoint,
  chauffeurPositionsEndpoint,
  chauffeurTelephoneEndpoint,
  Envelope,
  loginEndpoint,
  logoutEndpoint,
  UserOut,
} from '@yams/shared';

// The driver app's calls: the bearer token of the app's sign-in (`source: "chauffeur"`), kept on the phone.

const SESSION_KEY = 'yams.chauffeur.session';

/**
 * The app's API paths, each checked against its contract of packages/shared by the type checker (the app
 * loads no zod, so it reads the contracts' types, not the contracts); `:id` is filled by `cheminCourse`.
 */
export const CHEMINS = {
  login: '/api/login' satisfies (typeof loginEndpoint)['path'],
  logout: '/api/logout' satisfies (typeof logoutEndpoint)['path'],
  courses: '/api/chauffeur/courses' satisfies (typeof chauffeurCoursesEndpoint)['path'],
  etapes: '/api/chauffeur/courses/:id/etapes' satisfies (typeof chauffeurEtapeEndpoint)['path'],
  livraison: '/api/chauffeur/courses/:id/livraison' satisfies (typeof chauffeurLivraisonEndpoint)['path'],
  carburant: '/api/chauffeur/carburant' satisfies (typeof chauffeurCarburantEndpoint)['path'],
  frais: '/api/chauffeur/frais' satisfies (typeof chauffeurFraisEndpoint)['path'],
  incidents: '/api/chauffeur/incidents' satisfies (typeof chauffeurIncidentEndpoint)['path'],
  positions: '/api/chauffeur/positions' satisfies (typeof chauffeurPositionsEndpoint)['path'],
  telephone: '/api/chauffeur/telephone' satisfies (typeof chauffeurTelephoneEndpoint)['path'],
} as const;

/** A course's path: `/api/chauffeur/courses/12/etapes`. */
export const cheminCourse = (chemin: string, courseId: number) => chemin.replace(':id', String(courseId));

export interface Session {
  token: string;
  user: Pick<UserOut, 'id' | 'nom_complet' | 'telephone1'>;
}

export function getSession(): Session | null {
  try {
    return JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as Session | null;
  } catch {
    return null;
  }
}
export const setSession = (s: Session | null) =>
  s ? localStorage.setItem(SESSION_KEY, JSON.stringify(s)) : localStorage.removeItem(SESSION_KEY);

/** What a call answered: the envelope, or no answer at all (offline, server unreachable). */
export type Answer<T> =
  | { ok: true; status: number; data: T; message: string | null }
  | { ok: false; status: number; errors: string[]; fields: Record<string, string> }
  | { ok: false; status: 0; errors: string[]; fields: Record<string, string> };

export const HORS_LIGNE = 'Pas de connexion Internet';

export async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  body?: FormData | object,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const session = getSession();
  const json = body !== undefined && !(body instanceof FormData);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...(session ? { authorization: `Bearer ${session.token}` } : {}),
        ...headers,
      },
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    return { ok: false, status: 0, errors: [HORS_LIGNE], fields: {} };
  }
  const envelope = (await res.json().catch(() => null)) as (Envelope<T> & { data: unknown }) | null;
  if (res.status === 401 && url !== CHEMINS.login) {
    setSession(null);
    window.dispatchEvent(new Event('chauffeur:session'));
  }
  if (res.ok && envelope?.success) {
    return {
      ok: true,
      status: res.status,
      data: envelope.data as T,
      message: (envelope.message as string) ?? null,
    };
  }
  const fields = ((envelope?.data as { fields?: Record<string, string> } | null)?.fields ?? {}) as Record<
    string,
    string
  >;
  return {
    ok: false,
    status: res.status,
    errors: envelope?.errors?.length ? envelope.errors : ["Une erreur s'est produite"],
    fields,
  };
}

export const listeCourses = () => call<CourseChauffeurOut[]>('GET', CHEMINS.courses);
