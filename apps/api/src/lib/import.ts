import type { ImportReport } from '@yams/shared';

/** The French lines of a refused import, one per wrong line of the file (at most 50, then how many more). */
export function importErrors(report: ImportReport): string[] {
  const lines = report.erreurs.slice(0, 50).map((e) => `Ligne ${e.ligne} : ${e.messages.join(' ')}`);
  const more = report.erreurs.length - lines.length;
  return [
    `Aucune ligne n'a été importée : ${report.erreurs.length} ligne${report.erreurs.length > 1 ? 's' : ''} à corriger.`,
    ...lines,
    ...(more > 0 ? [`… et ${more} autre${more > 1 ? 's' : ''} ligne${more > 1 ? 's' : ''} à corriger.`] : []),
  ];
}

export function importMessage(report: ImportReport, apercu?: boolean): string {
  const n = report.lignes;
  const s = n > 1 ? 's' : '';
  if (!apercu) return `${n} ligne${s} importée${s}.`;
  return report.erreurs.length
    ? `${report.erreurs.length} ligne${report.erreurs.length > 1 ? 's' : ''} sur ${n} à corriger avant l'import.`
    : `${n} ligne${s} prête${s} à être importée${s}.`;
}
