import { formatDate, type TableauDeBord } from '@yams/shared';

type Cell = string | number | null;
interface Sheet {
  name: string;
  headers: string[];
  rows: Cell[][];
  /** Indexes of amount columns (formatted `1.234.567 FCFA`). */
  money?: number[];
}

const pct = (v: number | null) => (v === null ? 'Nouveau' : v / 100);

/** Every figure of the dashboard, one sheet per chart (pure: the sheets, tested apart from exceljs). */
export function dashboardSheets(d: TableauDeBord, titre: string): Sheet[] {
  const k = d.kpis;
  const c = k.comparaison;
  const range = (b: { debut: string; fin: string }) => `${formatDate(b.debut)} – ${formatDate(b.fin)}`;
  const kpi = (label: string, key: keyof typeof k.tendances): Cell[] => [
    label,
    k[key],
    c.courant[key],
    c.precedent[key],
    pct(k.tendances[key]),
  ];
  return [
    {
      name: 'Indicateurs',
      headers: [
        'Indicateur',
        `Période ${range(k.periode)}`,
        `Comparé ${range(c.bornes.courant)}`,
        `Précédent ${range(c.bornes.precedent)}`,
        'Tendance',
      ],
      rows: [
        kpi('Courses', 'coursesCount'),
        kpi("Chiffre d'affaires", 'chiffreAffaires'),
        kpi('Clients', 'clientsCount'),
        kpi('Chauffeurs', 'driversCount'),
        [],
        ['Objectif mensuel', d.objectif.objectif, d.objectif.mois],
        ['Réalisé', d.objectif.realise, d.objectif.taux === null ? null : d.objectif.taux / 100],
        [],
        [titre],
      ],
    },
    {
      name: "Chiffre d'affaires",
      headers: ['Période', 'Du', 'Au', "Chiffre d'affaires"],
      rows: d.chiffreAffaires.map((p) => [p.label, p.debut, p.fin, p.value]),
      money: [3],
    },
    {
      name: 'Courses par jour',
      headers: ['Période', 'Du', 'Au', 'Courses'],
      rows: d.coursesCount.map((p) => [p.label, p.debut, p.fin, p.value]),
    },
    {
      name: 'Courses par statut',
      headers: ['Période', ...d.statutsSerie.series.map((s) => s.status)],
      rows: d.statutsSerie.tranches.map((t, i) => [
        t.label,
        ...d.statutsSerie.series.map((s) => s.values[i] ?? 0),
      ]),
    },
    {
      name: 'Courses par type',
      headers: ['Type', 'Courses', 'Montant'],
      rows: d.repartitionByType.map((r) => [r.type, r.count, r.montant]),
      money: [2],
    },
    {
      name: 'Paiements par mode',
      headers: ['Mode', 'Paiements', 'Montant'],
      rows: d.paiementsByMode.map((r) => [r.mode, r.count, r.montant]),
      money: [2],
    },
    {
      name: 'Top clients',
      headers: ['Client', 'Courses', 'Montant'],
      rows: d.topClients.map((r) => [r.nomClient, r.coursesCount, r.montant]),
      money: [2],
    },
    {
      name: 'Top chauffeurs',
      headers: ['Chauffeur', 'Courses', 'Montant'],
      rows: d.topDrivers.map((r) => [r.nomChauffeur, r.coursesCount, r.montant]),
      money: [2],
    },
    {
      name: 'Utilisation flotte',
      headers: ['Type de véhicule', 'Véhicules', 'Jours en course', 'Jours disponibles', 'Taux'],
      rows: d.utilisationFlotte.map((r) => [
        r.type,
        r.vehicules,
        r.jours_en_course,
        r.jours_disponibles,
        r.taux / 100,
      ]),
    },
    {
      name: 'Coût maintenance',
      headers: ['Véhicule', 'Interventions', 'Coût'],
      rows: d.coutMaintenance.map((r) => [r.plaque, r.interventions, r.montant]),
      money: [2],
    },
  ];
}

/** Downloads the workbook (exceljs loaded on demand). */
export async function downloadDashboard(d: TableauDeBord, titre: string, fileName: string): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Yams Manager';
  for (const s of dashboardSheets(d, titre)) {
    const sheet = workbook.addWorksheet(s.name.slice(0, 31));
    sheet.addRow(s.headers).font = { bold: true };
    for (const row of s.rows) sheet.addRow(row);
    sheet.columns.forEach((column, i) => {
      column.width = i === 0 ? 28 : 18;
      if (s.money?.includes(i)) column.numFmt = '#,##0 "FCFA"';
    });
    if (s.name === 'Indicateurs') {
      for (const col of [2, 3, 4]) sheet.getCell(3, col).numFmt = '#,##0 "FCFA"';
      for (let r = 2; r <= 5; r++) sheet.getCell(r, 5).numFmt = '0.0 %';
      sheet.getCell(7, 2).numFmt = '#,##0 "FCFA"';
      sheet.getCell(8, 2).numFmt = '#,##0 "FCFA"';
      sheet.getCell(8, 3).numFmt = '0.0 %';
    }
    if (s.name === 'Utilisation flotte') sheet.getColumn(5).numFmt = '0.0 %';
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
  }
  const buffer = await workbook.xlsx.writeBuffer();
  const blob = new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName}.xlsx`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
