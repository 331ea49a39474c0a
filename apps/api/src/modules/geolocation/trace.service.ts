import {
  addDays,
  type CourseEvenementOut,
  type CourseEvenementType,
  csvFile,
  debutJourGabon,
  GPS,
  type TraceOut,
  type TracePointOut,
  type TraceQuery,
  todayInGabon,
} from '@yams/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { fieldErrors } from '../../lib/errors';
import type { Scope } from '../../plugins/auth';
import { getParametres } from '../entreprise/parametres.repository';
import { getCourseOut } from '../operations/courses.repository';
import { findAppareil, positionsBetween } from './appareils.repository';
import { courseEvenements } from './geolocation.table';
import { resumeTrace, seuilsDe } from './trace';

export function periodeTrace(q: TraceQuery): { debut: string; fin: string } {
  const today = todayInGabon();
  const debut = q.date_debut ?? q.date_fin ?? today;
  const fin = q.date_fin ?? (q.date_debut && q.date_debut > today ? q.date_debut : today);
  if (fin < debut)
    throw fieldErrors({ date_fin: 'La date de fin doit être postérieure à la date de début.' });
  if (addDays(debut, GPS.traceJoursMax - 1) < fin) {
    throw fieldErrors({ date_fin: `La période ne peut pas dépasser ${GPS.traceJoursMax} jours.` });
  }
  return { debut, fin };
}

/** A device's fixes over a day range (Libreville days), oldest first. */
export async function pointsEntre(
  db: Db,
  scope: Scope,
  appareilId: number,
  debut: string,
  fin: string,
): Promise<TracePointOut[]> {
  const rows = await positionsBetween(
    db,
    scope,
    appareilId,
    debutJourGabon(debut),
    debutJourGabon(addDays(fin, 1)),
  );
  return rows.map((r) => ({
    heure: r.heure,
    latitude: r.latitude,
    longitude: r.longitude,
    vitesse: r.vitesse,
    ...(r.contact === null ? {} : { contact: r.contact }),
    ...(r.mouvement === null ? {} : { mouvement: r.mouvement }),
    ...(r.conducteur === null ? {} : { conducteur: r.conducteur }),
  }));
}

/** A device of the scope and its fixes over a day range (Libreville days), oldest first. */
export async function loadTrace(db: Db, scope: Scope, id: number, q: TraceQuery) {
  const { debut, fin } = periodeTrace(q);
  const a = await findAppareil(db, scope, id);
  const points = await pointsEntre(db, scope, a.id, debut, fin);
  const appareil: TraceOut['appareil'] = {
    id: a.id,
    nom: a.nom,
    identifiant: a.identifiant,
    vehicule: a.vehicule_id && a.plaque ? { id: a.vehicule_id, plaque: a.plaque } : null,
  };
  return { appareil, entrepriseId: a.entreprise_id, debut, fin, points };
}

/** A device's track over a day range: points, stops, distance and driving time of each day. */
export async function getTrace(db: Db, scope: Scope, id: number, q: TraceQuery): Promise<TraceOut> {
  const { appareil, entrepriseId, debut, fin, points } = await loadTrace(db, scope, id, q);
  const seuils = seuilsDe(await getParametres(db, entrepriseId));
  return {
    appareil,
    date_debut: debut,
    date_fin: fin,
    points,
    arret_minutes: seuils.arretMinutes,
    ...resumeTrace(points, debut, fin, seuils),
  };
}

const duree = (s: number) =>
  `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`;

/** The days of a track as a CSV for a French Excel (`;`, BOM, CRLF) or an .xlsx. */
export async function exportTrace(
  trace: TraceOut,
  format: 'csv' | 'xlsx',
): Promise<{ body: Buffer | string; type: string; filename: string }> {
  const header = [
    'Date',
    'Distance (km)',
    'Temps de conduite',
    'Temps de conduite (min)',
    'Arrêts',
    'Points',
    'Conducteurs',
  ];
  const lines = trace.jours.map((j) => [
    j.date.split('-').reverse().join('/'),
    j.distance_km,
    duree(j.duree_conduite_s),
    Math.round(j.duree_conduite_s / 60),
    j.arrets,
    j.points,
    j.conducteurs.join(', '),
  ]);
  const total = [
    'Total',
    trace.distance_km,
    duree(trace.duree_conduite_s),
    Math.round(trace.duree_conduite_s / 60),
    trace.arrets.length,
    trace.points.length,
    [...new Set(trace.jours.flatMap((j) => j.conducteurs))].join(', '),
  ];
  const slug = trace.appareil.nom
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const base = `trajets-${slug || trace.appareil.id}-${trace.date_debut}-${trace.date_fin}`;
  if (format === 'csv') {
    return {
      body: csvFile([header, ...lines, total]),
      type: 'text/csv; charset=utf-8',
      filename: `${base}.csv`,
    };
  }
  const { default: ExcelJS } = await import('exceljs'); // loaded when an .xlsx is asked for
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Yams Manager';
  const sheet = workbook.addWorksheet('Trajets', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((h) => ({ header: h, width: Math.max(12, h.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const l of [...lines, total]) sheet.addRow(l);
  sheet.getRow(lines.length + 2).font = { bold: true };
  sheet.getColumn(2).numFmt = '0.00';
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    body,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename: `${base}.xlsx`,
  };
}

/** The events of a course of the scope, oldest first (404 for another company's course). */
export async function listEvenements(db: Db, scope: Scope, courseId: number): Promise<CourseEvenementOut[]> {
  const course = await getCourseOut(db, scope, courseId);
  const rows = await scoped(db, scope)
    .select()
    .from(courseEvenements)
    .where(eq(courseEvenements.course_id, course.id))
    .orderBy(asc(courseEvenements.heure), asc(courseEvenements.id));
  return rows.map((r) => ({
    id: r.id,
    course_id: r.course_id,
    type: r.type as CourseEvenementType,
    heure: r.heure,
    latitude: r.latitude,
    longitude: r.longitude,
    appareil_id: r.appareil_id,
    created_at: r.created_at,
  }));
}
