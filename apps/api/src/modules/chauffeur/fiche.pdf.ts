import fs from 'node:fs/promises';
import {
  type CourseOut,
  formatDateTime,
  formatMoney,
  formatPoids,
  type JournalRouteOut,
  libelleValeur,
} from '@yams/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import type { StoredFiles } from '../../lib/stored-files';
import type { Scope } from '../../plugins/auth';
import type { ImageRapport, LigneRapport, Rapport, SectionRapport } from '../accounting/rapport';
import { rapportPdf } from '../accounting/rapport.pdf';
import { photosChauffeur } from './chauffeur.table';

// The printable course sheet: the course, its driver's timeline (steps with time and place), the proof of
// delivery (receiver, signature, photos), fuel and road expenses, incidents. Printed by the reports' one
// PDF renderer (accounting/rapport.pdf.ts: the company's header, page numbers), as a report of sections.

const lieu = (lat: number | null, lng: number | null) =>
  lat !== null && lng !== null ? `${lat.toFixed(5)}, ${lng.toFixed(5)}` : '';

const cle = (libelle: string, valeur: string | null | undefined): LigneRapport[] =>
  valeur ? [{ cellules: [libelle, valeur] }] : [];

function sectionCourse(c: CourseOut): SectionRapport {
  return {
    titre: 'Course',
    colonnes: [
      { titre: 'Rubrique', largeur: 1 },
      { titre: 'Détail', largeur: 3 },
    ],
    lignes: [
      ...cle('Statut', libelleValeur(c.statut)),
      ...cle('Trajet', `${c.ville_depart.libelle} – ${c.ville_arrivee.libelle}`),
      ...cle(
        'Chargement',
        [c.adresse_chargement, lieu(c.chargement_lat, c.chargement_lng)].filter(Boolean).join(' · '),
      ),
      ...cle(
        'Déchargement',
        [c.adresse_dechargement, lieu(c.dechargement_lat, c.dechargement_lng)].filter(Boolean).join(' · '),
      ),
      ...cle('Véhicule', c.vehicule.plaque),
      ...cle('Chauffeur', c.chauffeur?.nom_complet),
      ...cle(
        'Marchandise',
        [c.type_marchandise?.libelle ?? c.type_course, formatPoids(c.poids_kg)].filter(Boolean).join(', '),
      ),
      ...cle('Chargement prévu', formatDateTime(c.date_chargement)),
      ...cle('Livraison prévue', formatDateTime(c.date_dechargement)),
      ...cle('Chargé le', formatDateTime(c.date_chargement_reelle)),
      ...cle('Parti le', formatDateTime(c.date_depart_reelle)),
      ...cle('Arrivé le', formatDateTime(c.date_dechargement_reelle)),
      ...cle('Note du bureau', c.description),
    ],
  };
}

/** The photos' bytes (the company's own files), by id; a file gone from the disk prints as « non imprimable ». */
async function lirePhotos(db: Db, scope: Scope, files: StoredFiles, ids: number[]) {
  const out = new Map<number, Buffer | null>();
  if (!ids.length) return out;
  const rows = await scoped(db, scope)
    .select({ id: photosChauffeur.id, chemin: photosChauffeur.chemin, type: photosChauffeur.type })
    .from(photosChauffeur)
    .where(inArray(photosChauffeur.id, ids));
  for (const r of rows) {
    const imprimable = r.type === 'image/png' || r.type === 'image/jpeg';
    out.set(r.id, imprimable ? await fs.readFile(files.absolute(r.chemin)).catch(() => null) : null);
  }
  return out;
}

export async function fichePdf(
  db: Db,
  scope: Scope,
  files: StoredFiles,
  dataDir: string,
  c: CourseOut,
  log: JournalRouteOut,
): Promise<Buffer> {
  const l = log.livraison;
  const photoIds = [
    ...(l?.signature_id ? [l.signature_id] : []),
    ...(l?.photo_ids ?? []),
    ...log.releves.flatMap((r) => (r.photo_id ? [r.photo_id] : [])),
  ];
  const photos = await lirePhotos(db, scope, files, photoIds);
  const image = (id: number, legende: string): ImageRapport => ({ legende, contenu: photos.get(id) ?? null });

  const sections: SectionRapport[] = [sectionCourse(c)];
  sections.push({
    titre: 'Étapes du chauffeur',
    colonnes: [
      { titre: 'Étape', largeur: 2.2 },
      { titre: 'Heure', largeur: 1.6 },
      { titre: 'Lieu', largeur: 2 },
      { titre: 'Chauffeur', largeur: 1.8 },
      { titre: 'Note', largeur: 2.4 },
    ],
    lignes: log.etapes.length
      ? log.etapes.map((e) => ({
          cellules: [
            `${libelleValeur(e.statut)}${e.appliquee ? '' : ' (reçue après coup)'}`,
            formatDateTime(e.date),
            lieu(e.lat, e.lng),
            e.chauffeur,
            e.note,
          ],
        }))
      : [{ cellules: ["Le chauffeur n'a enregistré aucune étape.", null, null, null, null] }],
  });
  if (l) {
    sections.push({
      titre: 'Preuve de livraison',
      colonnes: [
        { titre: 'Rubrique', largeur: 1 },
        { titre: 'Détail', largeur: 3 },
      ],
      lignes: [
        ...cle('Livré à', l.receptionnaire),
        ...cle('Le', formatDateTime(l.date)),
        ...cle('Lieu', lieu(l.lat, l.lng)),
        ...cle('Chauffeur', l.chauffeur),
        ...cle('Code de livraison', l.code_verifie ? 'Vérifié' : 'Non demandé'),
        ...cle('Note', l.note),
      ],
      images: [
        ...(l.signature_id ? [image(l.signature_id, 'Signature du réceptionnaire')] : []),
        ...l.photo_ids.map((id, i) => image(id, `Photo ${i + 1}`)),
      ],
      tailleImage: 100,
    });
  }
  const pleins = log.releves.filter((r) => r.genre === 'carburant');
  const total = (rows: typeof log.releves) => rows.reduce((n, r) => n + (r.montant ?? 0), 0);
  if (pleins.length) {
    sections.push({
      titre: 'Carburant',
      colonnes: [
        { titre: 'Heure', largeur: 1.5 },
        { titre: 'Type', largeur: 1 },
        { titre: 'Litres', largeur: 0.8 },
        { titre: 'Station', largeur: 2 },
        { titre: 'Compteur', largeur: 1 },
        { titre: 'Montant', largeur: 1.3, format: 'montant' },
      ],
      lignes: [
        ...pleins.map((r) => ({
          cellules: [
            formatDateTime(r.date),
            r.type,
            r.litres !== null ? `${String(r.litres).replace('.', ',')} L` : null,
            r.station,
            r.kilometrage !== null ? `${r.kilometrage} km` : null,
            r.montant,
          ],
        })),
        {
          cellules: [
            'Total',
            null,
            `${String(pleins.reduce((n, r) => n + (r.litres ?? 0), 0)).replace('.', ',')} L`,
            null,
            null,
            total(pleins),
          ],
          style: 'total' as const,
        },
      ],
      images: pleins.flatMap((r) =>
        r.photo_id ? [image(r.photo_id, `Reçu du ${formatDateTime(r.date)}`)] : [],
      ),
      tailleImage: 70,
    });
  }
  const frais = log.releves.filter((r) => r.genre === 'frais');
  if (frais.length) {
    sections.push({
      titre: 'Frais de route',
      colonnes: [
        { titre: 'Heure', largeur: 1.5 },
        { titre: 'Type', largeur: 1.3 },
        { titre: 'Note', largeur: 3 },
        { titre: 'Montant', largeur: 1.3, format: 'montant' },
      ],
      lignes: [
        ...frais.map((r) => ({ cellules: [formatDateTime(r.date), r.type, r.note, r.montant] })),
        { cellules: ['Total', null, null, total(frais)], style: 'total' as const },
      ],
      images: frais.flatMap((r) =>
        r.photo_id ? [image(r.photo_id, `${r.type}, ${formatDateTime(r.date)}`)] : [],
      ),
      tailleImage: 70,
    });
  }
  const incidents = log.releves.filter((r) => r.genre === 'incident');
  if (incidents.length) {
    sections.push({
      titre: 'Incidents',
      colonnes: [
        { titre: 'Heure', largeur: 1.5 },
        { titre: 'Type', largeur: 1 },
        { titre: 'Signalement', largeur: 2.6 },
        { titre: 'Traitement par le bureau', largeur: 2.6 },
      ],
      lignes: incidents.map((r) => ({
        cellules: [
          formatDateTime(r.date),
          r.type,
          r.note,
          r.traitement
            ? `${r.traitement.note} (${r.traitement.par}, ${formatDateTime(r.traitement.le)})`
            : 'À traiter',
        ],
      })),
    });
  }
  const depenses = total(pleins) + total(frais);
  const rapport: Rapport = {
    titre: 'FICHE DE COURSE',
    sousTitre: `${c.code} · ${c.ville_depart.libelle} – ${c.ville_arrivee.libelle}`,
    destinataire: {
      titre: 'Client',
      lignes: [c.client.nom_complet],
    },
    sections,
    notes: depenses
      ? [`Dépenses de route enregistrées par le chauffeur (carburant et frais) : ${formatMoney(depenses)}.`]
      : [],
    fichier: `fiche-${c.code}`,
  };
  return rapportPdf(db, c.entreprise_id, dataDir, rapport);
}
