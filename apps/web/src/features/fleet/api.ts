import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type DocumentBody,
  type DocumentOut,
  documentFichierEndpoint,
  documentsContract,
  interventionsContract,
  plansEntretienContract,
  referenceContracts,
  vehiculesContract,
} from '@yams/shared';
import { call } from '../../base/http';
import { getSession } from '../../base/session';
import { toast } from '../../base/toast';
import { createResource } from '../../components/list/resource';

/** `/api/vehicules`: the list gives VehiculeOut rows, `GET /{id}` the same row with its documents. */
export const vehicules = createResource('vehicules', vehiculesContract);
export const vehiculeKeys = vehicules.keys;

/** `/api/interventions`: every row carries its lines. */
export const interventions = createResource('interventions', interventionsContract);

/** `/api/plans-entretien`: maintenance plans, per vehicle or vehicle type. */
export const plansEntretien = createResource('plans-entretien', plansEntretienContract);

/** `/api/documents`: a vehicle's documents, written from its detail (no list screen of their own). */
export const documents = createResource('documents', documentsContract);

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

/**
 * `POST /api/documents`, then its file, if any, as a multipart upload (`POST /api/documents/{id}/fichier`).
 * A file the server refuses (its content is not its type…) takes the new document away again, so a retry
 * does not leave a copy without its file; the error, on the file field, is the upload's.
 */
export const useAddDocument = () =>
  useDocumentMutation(async ({ body, file }: { body: DocumentBody; file: File | null }) => {
    const created = await documents.create(body, { successToast: !file });
    if (!file) return created.data;
    try {
      const joined = await call(documentFichierEndpoint, {
        params: { id: created.data.id },
        body: { fichier: file },
      });
      toast.success(typeof created.message === 'string' ? created.message : 'Le document a été ajouté.');
      return joined.data;
    } catch (error) {
      await documents.destroy(created.data.id, { errors: 'none' }).catch(() => undefined);
      throw error;
    }
  });

export const useDeleteDocument = () =>
  useDocumentMutation((doc: { id: number }) => documents.destroy(doc.id, { successToast: true }));

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

/** The stock's articles: a confirmed intervention moves their stock (their lists and their selects). */
export const articles = createResource('articles', referenceContracts.articles);
