import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adressesContract,
  COURSE_STATUTS_FINAUX,
  type CourseStatut,
  courseCodeLivraisonEndpoint,
  courseEvenementsEndpoint,
  courseJournalRouteEndpoint,
  coursesContract,
  creerLienSuiviEndpoint,
  demandesContract,
  liensSuiviEndpoint,
  paiementsContract,
  revoquerLiensSuiviEndpoint,
  traiterIncidentEndpoint,
} from '@yams/shared';
import { call } from '../../base/http';
import { createResource } from '../../components/list/resource';

/** `/api/courses`: list rows are CourseOut, `GET /{id}` adds the course's payments (CourseDetailOut). */
export const courses = createResource('courses', coursesContract);

/** `/api/demandes`: accepting one creates its course. */
export const demandes = createResource('demandes', demandesContract);

/** `/api/paiements`: validating or deleting one changes its course's etat. */
export const paiements = createResource('paiements', paiementsContract);

/** The signed-in user's saved addresses (`GET /api/adresses`): the Adresses screen and the place pickers. */
export const adresses = createResource('adresses', adressesContract);
export const adresseKeys = adresses.keys;

const suiviKeys = {
  evenements: (id: number) => ['courses', id, 'evenements'] as const,
  route: (id: number) => ['courses', id, 'route'] as const,
  liens: (id: number) => ['courses', id, 'suivi'] as const,
};

/** The GPS events of a course; while it runs, refetched every 30 s (a new arrival shows without reopening). */
export function useCourseEvenements(course: { id: number; statut: string }) {
  return useQuery({
    queryKey: suiviKeys.evenements(course.id),
    queryFn: async ({ signal }) =>
      (await call(courseEvenementsEndpoint, { params: { id: course.id } }, { signal, background: true }))
        .data,
    refetchInterval: COURSE_STATUTS_FINAUX.includes(course.statut as CourseStatut) ? false : 30_000,
  });
}

/** A course's road log from the driver's app (steps, delivery, fuel, expenses, incidents), live while it runs. */
export function useCourseRoute(course: { id: number; statut: string }) {
  return useQuery({
    queryKey: suiviKeys.route(course.id),
    queryFn: async ({ signal }) =>
      (await call(courseJournalRouteEndpoint, { params: { id: course.id } }, { signal, background: true }))
        .data,
    refetchInterval: COURSE_STATUTS_FINAUX.includes(course.statut as CourseStatut) ? false : 30_000,
  });
}

/** A course's public tracking links, and creating or revoking them (each refreshes the links). */
export function useLiensSuivi(courseId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: suiviKeys.liens(courseId) });
  const liens = useQuery({
    queryKey: suiviKeys.liens(courseId),
    queryFn: async ({ signal }) =>
      (await call(liensSuiviEndpoint, { params: { id: courseId } }, { signal })).data,
  });
  const creer = useMutation({
    mutationFn: async () => (await call(creerLienSuiviEndpoint, { params: { id: courseId } })).data,
    onSuccess: refresh,
  });
  const revoquer = useMutation({
    mutationFn: async () =>
      call(revoquerLiensSuiviEndpoint, { params: { id: courseId } }, { successToast: true }),
    onSuccess: refresh,
  });
  return { liens, creer, revoquer };
}

/** Asks for a delivery code on a course, or no longer does; the course (its `code_livraison`) is read again. */
export function useCodeLivraison(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (exige: boolean) =>
      (
        await call(
          courseCodeLivraisonEndpoint,
          { params: { id: courseId }, body: { exige } },
          { successToast: true },
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courses.keys.all }),
  });
}

/** The office handles an incident from the road; the Chauffeurs view and the course's road log are read again. */
export function useTraiterIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, note }: { id: number; note: string }) =>
      (await call(traiterIncidentEndpoint, { params: { id }, body: { note } }, { successToast: true })).data,
    onSuccess: (incident) => {
      void queryClient.invalidateQueries({ queryKey: ['chauffeurs-activite'] });
      if (incident.course_id)
        void queryClient.invalidateQueries({ queryKey: suiviKeys.route(incident.course_id) });
    },
  });
}
