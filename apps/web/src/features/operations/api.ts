import { useQueryClient } from '@tanstack/react-query';
import type { CourseDetailOut, DemandeOut, PaiementOut } from '@yams/shared';
import { useEffect } from 'react';
import { getSession } from '../../app/session';
import { createResource } from '../../components/list/resource';

/** `/api/courses`: list rows are CourseOut, `GET /{id}` adds the course's payments (CourseDetailOut). */
export const courses = createResource<CourseDetailOut>('courses', '/api/courses');
export const courseKeys = courses.keys;

/** `/api/demandes`: accepting one creates its course. */
export const demandes = createResource<DemandeOut>('demandes', '/api/demandes');
export const demandeKeys = demandes.keys;

/** `/api/paiements`: validating or deleting one changes its course's etat. */
export const paiements = createResource<PaiementOut>('paiements', '/api/paiements');
export const paiementKeys = paiements.keys;

export const coursePaths = {
  statut: (c: { id: number }) => `/api/courses/${c.id}/statut`,
};
export const demandePaths = {
  broadcast: (d: { id: number }) => `/api/demandes/${d.id}/broadcast`,
  accept: (d: { id: number }) => `/api/demandes/${d.id}/accept`,
  cancel: (d: { id: number }) => `/api/demandes/${d.id}/cancel`,
};
export const paiementPaths = {
  validate: (p: { id: number }) => `/api/paiements/${p.id}/validate`,
  cancel: (p: { id: number }) => `/api/paiements/${p.id}/cancel`,
};

/** The company the signed-in user works for (null: a superadmin). */
export function currentEntrepriseId(): number | null {
  const user = getSession()?.user;
  if (!user || user.type === 'superadmin') return null;
  return user.entreprise_id ?? user.id;
}

/**
 * Courses, demandes and paiements move together: a payment changes its course's etat (and the remaining
 * amount shown by the payment form's course select), accepting a demande creates a course, a course
 * status moves its vehicle. The kit's mutations invalidate their own resource only, so while an operations
 * screen is open every successful mutation also refreshes the other operations resources, the vehicles and
 * the selects fed by them. (Kit gap: `ListDecl.invalidates?: string[]`.)
 */
export function useOperationsRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.mutation.state.status !== 'success') return;
        if (event.action.type !== 'success') return;
        for (const key of [courseKeys.all, demandeKeys.all, paiementKeys.all, ['vehicules']]) {
          void queryClient.invalidateQueries({ queryKey: key });
        }
        void queryClient.invalidateQueries({
          predicate: (q) =>
            q.queryKey[0] === 'options' && ['/api/courses', '/api/vehicules'].includes(String(q.queryKey[1])),
        });
      }),
    [queryClient],
  );
}
