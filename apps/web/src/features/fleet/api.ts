import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentBody, DocumentOut, InterventionOut, VehiculeDetailOut } from '@yams/shared';
import { http } from '../../base/http';
import { getSession } from '../../base/session';
import { createResource } from '../../components/list/resource';

/** `/api/vehicules`: the list gives VehiculeOut rows, `GET /{id}` the same row with its documents. */
export const vehicules = createResource<VehiculeDetailOut>('vehicules', '/api/vehicules');
export const vehiculeKeys = vehicules.keys;

/** `/api/interventions`: every row carries its lines. */
export const interventions = createResource<InterventionOut>('interventions', '/api/interventions');

export const interventionPaths = {
  update: (i: { id: number }) => `/api/interventions/${i.id}/update`,
  confirm: (i: { id: number }) => `/api/interventions/${i.id}/confirm`,
};

/**
 * A vehicle's documents live in its detail (`GET /api/vehicules/{id}` → `documents`), so adding or deleting
 * one refreshes the vehicles (detail and the list's expiry counters); interventions are left alone.
 */
function useDocumentMutation<V>(fn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiculeKeys.all }),
  });
}

/** `POST /api/documents`; the file goes as a base64 data URL in the JSON body (documents.files.ts). */
export const useAddDocument = () =>
  useDocumentMutation(
    async (body: DocumentBody) =>
      (await http.post<DocumentOut>('/api/documents', body, { successToast: true })).data,
  );

export const useDeleteDocument = () =>
  useDocumentMutation(async (doc: { id: number }) =>
    http.post<null>(`/api/documents/${doc.id}/destroy`, undefined, { successToast: true }),
  );

/** A file as `data:<type>;base64,…`, the form the API takes. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * Opens a document's attachment (`/api/documents/{id}/fichier`). The route wants the bearer token, so a
 * plain link cannot work: the file is fetched, then handed to the browser under its own name.
 */
export async function openDocumentFile(doc: Pick<DocumentOut, 'fichier' | 'fichier_nom'>): Promise<void> {
  if (!doc.fichier) return;
  const token = getSession()?.token;
  const res = await fetch(doc.fichier, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = doc.fichier_nom ?? 'document';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** A service of the garages' catalogue (`/api/services`) and an article of the stock (`/api/articles`). */
export interface ServiceRow {
  id: number;
  libelle: string;
  montant: number | null;
}
export interface ArticleRow {
  id: number;
  nom: string;
  reference: string | null;
  qte: number;
  prix_unitaire: number | null;
}

/** The catalogues' query key prefix: a confirmed intervention moves the stock. */
export const catalogueKey = ['fleet', 'catalogue'] as const;
const catalogue = <T>(path: string) => ({
  queryKey: [...catalogueKey, path] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await http.get<T[]>(path, { query: { limit: 1000 }, signal })).data,
  staleTime: 60_000,
});
/** The catalogues an intervention's lines pick from (with their prices and the stock). */
export const useServices = () => useQuery(catalogue<ServiceRow>('/api/services'));
export const useArticles = () => useQuery(catalogue<ArticleRow>('/api/articles'));
