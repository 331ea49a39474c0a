// The mixed-load line of `npm run bench`: many concurrent clients (200 by default) for a minute,
// each sending its next request as soon as the previous one is answered, picked at random among what an
// office and its trucks do all day — lists, the dashboard, the home counters, invoices and journals read;
// validated payments (with an Idempotency-Key), cash vouchers, draft invoices and GPS fixes written. Every
// answer must be a 2xx: the line prints the errors it got (the target is none), req/s and p50/p95/p99 per
// kind, and the API thread's busy share. The clients run in a worker thread (`load-worker.ts`).
//
//   npm run bench -- --only=mix --mix-clients=200 --mix-seconds=60
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { type LoadRequest, loadFromWorker, pct } from './load-worker';

interface Options {
  db: Db;
  port: number;
  clients: number;
  seconds: number;
  tokens: { entreprise: string; superadmin: string };
}

export async function benchMixed(
  o: Options & {
    /** Called every 10 s while the load runs (the soak samples the memory). */
    tick?: () => void;
  },
): Promise<Array<Record<string, string | number>>> {
  const { rows: ids } = (await o.db.execute(sql`
    select (select id from users where lower(email) = 'direction@transgabon.ga') as tg,
           (select a.identifiant from appareils a join users u on u.id = a.entreprise_id
             where lower(u.email) = 'direction@transgabon.ga' order by a.id limit 1) as appareil,
           (select c.client_id from courses c join users u on u.id = c.entreprise_id
             where lower(u.email) = 'direction@transgabon.ga' and c.client_id is not null limit 1) as client`)) as unknown as {
    rows: Array<{ tg: number; appareil: string; client: number }>;
  };
  const { tg, appareil, client } = ids[0]!;
  const { rows: validees } = (await o.db.execute(sql`
    select id from factures where entreprise_id = ${tg} and validee_le is not null order by id desc limit 1`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  // Courses with enough left to pay for a minute of 100 FCFA payments, spread so no row lock is a hot spot.
  const { rows: apayer } = (await o.db.execute(sql`
    select id from courses where entreprise_id = ${tg} and statut <> 'Annulé' and montant - montant_paye > 200000
    order by id desc limit 8`)) as unknown as { rows: Array<{ id: number }> };
  if (!appareil || !client || apayer.length === 0) throw new Error('Données de démonstration incomplètes.');
  const t = o.tokens.entreprise;
  const today = new Date().toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 8)}01`;
  const requests: LoadRequest[] = [
    { name: 'courses, page 1', weight: 16, method: 'GET', path: '/api/courses?page=1&per_page=6', token: t },
    {
      name: 'paiements, page 1',
      weight: 8,
      method: 'GET',
      path: '/api/paiements?page=1&per_page=6',
      token: t,
    },
    {
      name: 'véhicules, page 1',
      weight: 8,
      method: 'GET',
      path: '/api/vehicules?page=1&per_page=6',
      token: t,
    },
    { name: 'factures, page 1', weight: 5, method: 'GET', path: '/api/factures?page=1&per_page=6', token: t },
    {
      name: 'journaux, le mois',
      weight: 4,
      method: 'GET',
      path: `/api/operations?page=1&date_debut=${monthStart}&date_fin=${today}`,
      token: t,
    },
    { name: 'tableau de bord (kpis)', weight: 5, method: 'GET', path: '/api/statistiques/kpis', token: t },
    {
      name: 'courses, superadmin',
      weight: 4,
      method: 'GET',
      path: '/api/courses?page=1&per_page=6',
      token: o.tokens.superadmin,
    },
    { name: 'compteur (req_count)', weight: 6, method: 'GET', path: '/api/courses?req_count=1', token: t },
    { name: '/api/me', weight: 8, method: 'GET', path: '/api/me', token: t },
    // What holds memory in the long run, if anything does: a printed invoice, a long export.
    ...validees.map(
      (f): LoadRequest => ({
        name: 'facture PDF',
        weight: 2,
        method: 'GET',
        path: `/api/factures/${f.id}/pdf`,
        token: t,
      }),
    ),
    { name: 'courses, export 1000', weight: 1, method: 'GET', path: '/api/courses?limit=1000', token: t },
    ...apayer.map(
      (c): LoadRequest => ({
        name: 'paiement validé',
        weight: 8 / apayer.length,
        method: 'POST',
        path: '/api/paiements',
        token: t,
        headers: { 'idempotency-key': `mix-${process.pid}-{n}` },
        body: {
          course_id: c.id,
          libelle: 'Acompte (charge mixte)',
          mode: 'Espèces',
          reference: 'MIX{n}',
          montant: 100,
          statut: 'Validé',
        },
      }),
    ),
    {
      name: 'pièce de caisse',
      weight: 5,
      method: 'POST',
      path: '/api/piece_de_caisses',
      token: t,
      body: {
        date_operation: today,
        beneficiaire: 'Station Total Owendo',
        decaisseur: 'Caisse principale',
        montant: 5_000,
        libelle: 'Carburant {n} (charge mixte)',
      },
    },
    {
      name: 'facture brouillon',
      weight: 3,
      method: 'POST',
      path: '/api/factures',
      token: t,
      body: {
        date_operation: today,
        type: 'Normale',
        client_id: client,
        appliquer_tva: true,
        taux_tva: 18,
        lignes: [{ description: 'Transport {n} (charge mixte)', qte: 1, prix_unitaire: 150_000 }],
      },
    },
    {
      name: 'position OsmAnd',
      weight: 20,
      method: 'POST',
      path: `/api/gps/osmand?id=${appareil}&timestamp={ts}&lat={lat}&lon={lng}&speed=20`,
    },
  ];

  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const elu0 = performance.eventLoopUtilization();
  const ticking = o.tick ? setInterval(o.tick, 10_000) : undefined;
  const result = await loadFromWorker({
    port: o.port,
    clients: o.clients,
    seconds: o.seconds,
    requests,
    // Fix times from two weeks ago, one second apart: new fixes, never in the future.
    clock: Math.floor(Date.now() / 1000) - 14 * 86_400,
  });
  clearInterval(ticking);
  const elu = performance.eventLoopUtilization(elu0);
  loop.disable();

  const rows: Array<Record<string, string | number>> = [];
  const all: number[] = [];
  let errors = 0;
  for (const [name, r] of Object.entries(result.byName)) {
    const times = r.times.sort((a, b) => a - b);
    all.push(...times);
    errors += r.errors;
    rows.push({
      ligne: name,
      'req/s': Number(((times.length / result.elapsed) * 1000).toFixed(1)),
      'p50 ms': Number(pct(times, 0.5).toFixed(1)),
      'p95 ms': Number(pct(times, 0.95).toFixed(1)),
      'p99 ms': Number(pct(times, 0.99).toFixed(1)),
      requêtes: times.length,
      erreurs: r.errors,
    });
    for (const s of r.samples) console.log(`  erreur (${name}) : ${s}`);
  }
  all.sort((a, b) => a - b);
  rows.push({
    ligne: `TOTAL, ${o.clients} clients, ${o.seconds} s (API occupée ${Math.round((elu.utilization ?? 0) * 100)} %, blocage max ${Math.round(loop.max / 1e6)} ms)`,
    'req/s': Number(((all.length / result.elapsed) * 1000).toFixed(1)),
    'p50 ms': Number(pct(all, 0.5).toFixed(1)),
    'p95 ms': Number(pct(all, 0.95).toFixed(1)),
    'p99 ms': Number(pct(all, 0.99).toFixed(1)),
    requêtes: all.length,
    erreurs: errors,
  });
  return rows;
}
