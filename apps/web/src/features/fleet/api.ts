import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DocumentBody,
  type DocumentOut,
  documentsContract,
  interventionsContract,
  referenceContracts,
  vehiculesContract,
} from '@yams/shared';
import { getSession } from '../../base/session';
import { createResource } from '../../components/list/resource';

/** `/api/vehicules`: the list gives VehiculeOut rows, `GET /{id}` the same row with its documents. */
export const vehicules = createResource('vehicules', vehiculesContract);
export const vehiculeKeys = vehicules.keys;

/** `/api/interventions`: every row carries its lines. */
export const interventions = createResource('interventions', interventionsContract);

/** `/api/documents`: a vehicle's documents, written from its detail (no list screen of their own). */
const documents = createResource('documents', documentsContract);

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
  useDocumentMutation((body: DocumentBody) => documents.create(body, { successToast: true }));

export const useDeleteDocument = () =>
  useDocumentMutation((doc: { id: number }) => documents.destroy(doc.id, { successToast: true }));

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

/** The catalogues' query key prefix: a confirmed intervention moves the stock. */
export const catalogueKey = ['fleet', 'catalogue'] as const;
const services = createResource('services', referenceContracts.services);
const articles = createResource('articles', referenceContracts.articles);
const catalogue = <T>(resource: {
  path: string;
  fetchAll(q: { limit: number }, o: { signal: AbortSignal }): Promise<T[]>;
}) => ({
  queryKey: [...catalogueKey, resource.path] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => resource.fetchAll({ limit: 1000 }, { signal }),
  staleTime: 60_000,
});
/** The catalogues an intervention's lines pick from (with their prices and the stock), typed by their contracts. */
export const useServices = () => useQuery(catalogue(services));
export const useArticles = () => useQuery(catalogue(articles));
