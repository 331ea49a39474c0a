import type { CourseChauffeurOut } from '@yams/shared';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { call } from './api';

// The outbox ("nothing typed is ever lost"): every action is written to IndexedDB first, with its
// own id (the Idempotency-Key and the row's `id_client`), then sent in order when the network is there — at
// once, on the `online` event, at start, and every 30 s while something waits. Photos travel as Blobs in the
// same record, so a send survives the app being killed. A refusal (the office cancelled the course…) stays in
// the outbox as a conflict the driver reads, never dropped in silence. The course list is kept here too, so
// the app opens offline.

/** A field of a multipart send: text, one file, or several under one name. */
type Champ = string | Blob | Blob[];

export interface Envoi {
  /** The record's id_client and the request's Idempotency-Key. */
  id: string;
  /** When it was written on the phone: sends go in this order. */
  cree: number;
  url: string;
  /** multipart (a photo may be in it) or JSON. */
  corps: { form: Record<string, Champ> } | { json: Record<string, unknown> };
  /** What the driver sees in the list of sends: 'Étape « Chargement terminé » — CRS-2026-00042'. */
  libelle: string;
  courseId: number | null;
  /** The step it records, shown on the course before the server has it. */
  etape?: string;
  etat: 'attente' | 'conflit';
  erreur?: string;
  /** The refused fields and their French messages (a wrong delivery code: `code`). */
  champs?: Record<string, string>;
  /** The Idempotency-Key of the next send when it differs from `id` (a corrected send after a refusal). */
  cle?: string;
}

interface Schema extends DBSchema {
  envois: { key: string; value: Envoi; indexes: { cree: number } };
  cache: { key: string; value: unknown };
}

let opened: Promise<IDBPDatabase<Schema>> | undefined;
const db = () =>
  (opened ??= openDB<Schema>('yams-chauffeur', 1, {
    upgrade(d) {
      d.createObjectStore('envois', { keyPath: 'id' }).createIndex('cree', 'cree');
      d.createObjectStore('cache');
    },
  }));

const listeners = new Set<() => void>();
/** Called whenever the outbox or the cached courses change. */
export function onChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => {
  for (const l of listeners) l();
};

const sentListeners = new Set<(envoi: Envoi) => void>();
/** Called with each send the API accepted (the app applies it to the courses it shows). */
export function onEnvoye(listener: (envoi: Envoi) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

export async function envois(): Promise<Envoi[]> {
  return (await db()).getAllFromIndex('envois', 'cree');
}

export async function ajouter(envoi: Omit<Envoi, 'cree' | 'etat'>): Promise<void> {
  await (await db()).put('envois', { ...envoi, cree: Date.now(), etat: 'attente' });
  changed();
  void vider();
}

export async function oublier(id: string): Promise<void> {
  await (await db()).delete('envois', id);
  changed();
}

/**
 * A refused send corrected by the driver (the delivery code retyped): the same record (its signature and
 * photos, its id_client) goes again with the corrected fields, under a new Idempotency-Key (the refusal is
 * the first key's answer for a day).
 */
export async function corriger(id: string, champs: Record<string, string>, cle: string): Promise<void> {
  const envoi = await (await db()).get('envois', id);
  if (!envoi || !('form' in envoi.corps)) return;
  await (await db()).put('envois', {
    ...envoi,
    corps: { form: { ...envoi.corps.form, ...champs } },
    etat: 'attente',
    erreur: undefined,
    champs: undefined,
    cle,
  });
  changed();
  void vider();
}

export async function lireCache<T>(key: string): Promise<T | undefined> {
  return (await (await db()).get('cache', key)) as T | undefined;
}
export async function ecrireCache(key: string, value: unknown): Promise<void> {
  await (await db()).put('cache', value, key);
  changed();
}
export const cleCourses = 'courses';
export type CoursesEnCache = CourseChauffeurOut[];

function corpsDe(envoi: Envoi): FormData | Record<string, unknown> {
  if ('json' in envoi.corps) return envoi.corps.json;
  const form = new FormData();
  for (const [name, value] of Object.entries(envoi.corps.form)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v === 'string') form.append(name, v);
      else form.append(name, v, `${name}.${v.type === 'image/png' ? 'png' : 'jpg'}`);
    }
  }
  return form;
}

let running: Promise<void> | null = null;

/**
 * Sends what waits, oldest first. Stops at the first send without an answer (still offline: the rest waits
 * its turn, the order is kept); a refusal becomes a conflict the driver reads, and the next ones go on.
 */
export function vider(): Promise<void> {
  running ??= (async () => {
    try {
      for (const envoi of await envois()) {
        if (envoi.etat !== 'attente') continue;
        const res = await call('POST', envoi.url, corpsDe(envoi), {
          'idempotency-key': envoi.cle ?? envoi.id,
        });
        if (res.ok) {
          await (await db()).delete('envois', envoi.id);
          for (const l of sentListeners) l(envoi);
        } else if (res.status === 0 || res.status >= 500 || res.status === 401 || res.status === 429) {
          break;
        } else {
          await (await db()).put('envois', {
            ...envoi,
            etat: 'conflit',
            erreur: res.errors.join(' '),
            champs: res.fields,
          });
        }
        changed();
      }
    } finally {
      running = null;
    }
  })();
  return running;
}

/** The triggers: start, the network coming back, every 30 s while something waits. */
export function demarrerEnvois(): void {
  void vider();
  window.addEventListener('online', () => void vider());
  setInterval(() => {
    if (navigator.onLine) void vider();
  }, 30_000);
}
