-- Accounting scale seed of `npm run bench -- --scale` ("journals and balance générale on
-- three years of postings"): gives ONE company (direction@transgabon.ga) three years of validated invoices,
-- their settlements, validated purchases and their settlements, cash vouchers, and exactly the journal
-- entries the API posts for them (postings.ts: same accounts, journals and signs), all in SQL
-- (generate_series), deterministic (setseed), on top of the demo data.
-- {{factures}} is the number of invoices (the rest in proportion): 36,000 by default, i.e. 1,000 a month, for
-- ~110,000 entries and ~350,000 journal lines. Markers, so a rerun can remove them: invoice numbers
-- `FBN-…`, suppliers `BENCH …` (their purchases), vouchers paid by `Caisse bench`.
select setseed(0.24);
set session_replication_role = replica;

create temporary table bench_compta as
select u.id as entreprise,
       array(select c.id from users c where c.entreprise_id = u.id and c.type = 'client' order by c.id limit 2000)
         as clients
from users u where lower(u.email) = 'direction@transgabon.ga';

insert into fournisseurs (entreprise_id, nom, created_at, updated_at)
select b.entreprise, 'BENCH Fournisseur ' || g, now(), now() from bench_compta b, generate_series(1, 40) g;

-- Invoices: 1,000 HT lines of 100.000 – 3.000.000 FCFA, TVA 18 %, CSS 1 %, TPS 9,5 % withheld (each tax
-- rounded once at invoice level, as totauxFacture does); 80 % settled in full, the rest still due.
insert into factures (entreprise_id, type, numero, date_operation, date_echeance, client_id, utilisateur_id,
                      appliquer_tva, taux_tva, appliquer_tps, taux_tps, appliquer_css, taux_css,
                      total_ht, tva, tps, css, reduction, total_ttc, net_a_payer, montant_regle,
                      est_valide, statut, mentions, validee_le, created_at, updated_at)
select b.entreprise, 'Normale', 'FBN-' || lpad(x.g::text, 7, '0'), x.d, x.d + 30,
       b.clients[1 + (x.g % cardinality(b.clients))], b.entreprise,
       true, 18, true, 9.5, true, 1,
       x.ht, round(x.ht * 0.18), round(x.ht * 0.095), round(x.ht * 0.01), 0,
       x.ht + round(x.ht * 0.18) + round(x.ht * 0.01),
       x.ht + round(x.ht * 0.18) + round(x.ht * 0.01) - round(x.ht * 0.095),
       case when x.p < 0.8 then x.ht + round(x.ht * 0.18) + round(x.ht * 0.01) - round(x.ht * 0.095) else 0 end,
       true, case when x.p < 0.8 then 'Soldé' else 'Validée' end, 'Facture de charge (bench)',
       x.d, x.d, x.d
from bench_compta b,
     lateral (select g, current_date - (g % 1095) as d, 50000 * (2 + floor(random() * 60)::int) as ht,
                     random() as p
              from generate_series(1, {{factures}}) g) x;

insert into reglements (entreprise_id, facture_id, date_operation, mode, montant, created_at, updated_at)
select f.entreprise_id, f.id, least(current_date, f.date_operation + (f.id % 45)),
       (array['Virement','Chèque','Espèces','Airtel Money'])[1 + f.id % 4], f.net_a_payer, now(), now()
from factures f
where f.numero like 'FBN-%' and f.montant_regle > 0;

-- Purchases: half as many as invoices, stock articles (602) and other purchases (605), TVA 18 %
-- deductible; 70 % settled.
insert into achats (entreprise_id, date_operation, acheteur_id, fournisseur_id, appliquer_tva, taux_tva,
                    montant_ht, tva_deductible, montant, montant_regle, statut_reglement, statut,
                    created_at, updated_at)
select b.entreprise, x.d, b.entreprise, fo.ids[1 + (x.g % cardinality(fo.ids))], true, 18,
       x.ht, round(x.ht * 0.18), x.ht + round(x.ht * 0.18),
       case when x.p < 0.7 then x.ht + round(x.ht * 0.18) else 0 end,
       case when x.p < 0.7 then 'Réglé' else 'Non réglé' end, 'Validé', x.d, x.d
from bench_compta b,
     (select array(select id from fournisseurs where nom like 'BENCH Fournisseur %' order by id) as ids) fo,
     lateral (select g, current_date - (g % 1095) as d, 5000 * (4 + floor(random() * 200)::int) as ht,
                     random() as p
              from generate_series(1, {{factures}} / 2) g) x;

create temporary table bench_achats as
select a.* from achats a join fournisseurs fo on fo.id = a.fournisseur_id where fo.nom like 'BENCH Fournisseur %';

insert into reglements (entreprise_id, achat_id, date_operation, mode, montant, created_at, updated_at)
select a.entreprise_id, a.id, least(current_date, a.date_operation + (a.id % 30)),
       (array['Virement','Espèces','Chèque'])[1 + a.id % 3], a.montant, now(), now()
from bench_achats a
where a.montant_regle > 0;

-- Cash vouchers: two thirds as many as invoices, 5.000 – 500.000 FCFA.
insert into pieces_de_caisse (entreprise_id, date_operation, beneficiaire, decaisseur, montant, libelle, actif,
                              created_at, updated_at)
select b.entreprise, current_date - (g % 1095),
       (array['Station Total Owendo','Garage Nzeng-Ayong','Péage PK12','Manutentionnaires du port'])[1 + g % 4],
       'Caisse bench', 5000 * (1 + floor(random() * 100)::int),
       (array['Carburant','Petite réparation','Péage','Manutention'])[1 + g % 4], true, now(), now()
from bench_compta b, generate_series(1, {{factures}} * 2 / 3) g;

-- The entries, exactly as postings.ts writes them (one entry per document, its lines dated like it).
insert into ecritures (entreprise_id, date_operation, type, libelle, piece, source_type, source_id, created_at, updated_at)
select f.entreprise_id, f.date_operation, 'Vente', 'Facture ' || f.numero, f.numero, 'facture', f.id, now(), now()
from factures f where f.numero like 'FBN-%';

insert into ecritures (entreprise_id, date_operation, type, libelle, piece, source_type, source_id, created_at, updated_at)
select r.entreprise_id, r.date_operation, case when r.mode = 'Espèces' then 'Caisse' else 'Banque' end,
       'Règlement ' || f.numero, f.numero, 'reglement', r.id, now(), now()
from reglements r join factures f on f.id = r.facture_id where f.numero like 'FBN-%';

insert into ecritures (entreprise_id, date_operation, type, libelle, piece, source_type, source_id, created_at, updated_at)
select a.entreprise_id, a.date_operation, 'Achat', 'Achat ' || fo.nom, 'ACH-' || a.id, 'achat', a.id, now(), now()
from bench_achats a join fournisseurs fo on fo.id = a.fournisseur_id;

insert into ecritures (entreprise_id, date_operation, type, libelle, piece, source_type, source_id, created_at, updated_at)
select r.entreprise_id, r.date_operation, case when r.mode = 'Espèces' then 'Caisse' else 'Banque' end,
       'Règlement ACH-' || a.id, 'ACH-' || a.id, 'reglement', r.id, now(), now()
from reglements r join bench_achats a on a.id = r.achat_id;

insert into ecritures (entreprise_id, date_operation, type, libelle, piece, source_type, source_id, created_at, updated_at)
select p.entreprise_id, p.date_operation, 'Caisse', p.libelle || ' — ' || p.beneficiaire, 'PC-' || p.id,
       'piece_de_caisse', p.id, now(), now()
from pieces_de_caisse p where p.decaisseur = 'Caisse bench';

insert into ecriture_lignes (ecriture_id, entreprise_id, date_operation, journal, compte, libelle, debit, credit)
select e.id, e.entreprise_id, e.date_operation, e.type, v.compte, coalesce(v.libelle, e.libelle), v.debit, v.credit
from ecritures e join factures f on f.id = e.source_id,
     lateral (values ('411', null, f.net_a_payer, 0), ('4478', 'TPS retenue ' || f.numero, f.tps, 0),
                     ('706', null, 0, f.total_ht), ('4431', 'TVA ' || f.numero, 0, f.tva),
                     ('4474', 'CSS ' || f.numero, 0, f.css)) v(compte, libelle, debit, credit)
where e.source_type = 'facture' and f.numero like 'FBN-%'
order by e.id;

insert into ecriture_lignes (ecriture_id, entreprise_id, date_operation, journal, compte, libelle, debit, credit)
select e.id, e.entreprise_id, e.date_operation, e.type, v.compte, e.libelle, v.debit, v.credit
from ecritures e join reglements r on r.id = e.source_id join factures f on f.id = r.facture_id,
     lateral (values (case when r.mode = 'Espèces' then '571' when r.mode ~* 'money' then '552' else '521' end,
                      r.montant, 0), ('411', 0, r.montant)) v(compte, debit, credit)
where e.source_type = 'reglement' and f.numero like 'FBN-%'
order by e.id;

insert into ecriture_lignes (ecriture_id, entreprise_id, date_operation, journal, compte, libelle, debit, credit)
select e.id, e.entreprise_id, e.date_operation, e.type, v.compte, coalesce(v.libelle, e.libelle), v.debit, v.credit
from ecritures e join bench_achats a on a.id = e.source_id,
     lateral (values ('602', null, a.montant_ht * 6 / 10, 0), ('605', null, a.montant_ht - a.montant_ht * 6 / 10, 0),
                     ('4452', 'TVA déductible ACH-' || a.id, a.tva_deductible, 0),
                     ('401', null, 0, a.montant)) v(compte, libelle, debit, credit)
where e.source_type = 'achat'
order by e.id;

insert into ecriture_lignes (ecriture_id, entreprise_id, date_operation, journal, compte, libelle, debit, credit)
select e.id, e.entreprise_id, e.date_operation, e.type, v.compte, e.libelle, v.debit, v.credit
from ecritures e join reglements r on r.id = e.source_id join bench_achats a on a.id = r.achat_id,
     lateral (values ('401', r.montant, 0),
                     (case when r.mode = 'Espèces' then '571' else '521' end, 0, r.montant)) v(compte, debit, credit)
where e.source_type = 'reglement'
order by e.id;

insert into ecriture_lignes (ecriture_id, entreprise_id, date_operation, journal, compte, libelle, debit, credit)
select e.id, e.entreprise_id, e.date_operation, e.type, v.compte, e.libelle, v.debit, v.credit
from ecritures e join pieces_de_caisse p on p.id = e.source_id,
     lateral (values ('658', p.montant, 0), ('571', 0, p.montant)) v(compte, debit, credit)
where e.source_type = 'piece_de_caisse' and p.decaisseur = 'Caisse bench'
order by e.id;

reset session_replication_role;

-- The triggers were off (replica): the lines above carry their journal themselves, and the company's monthly
-- movements (mouvements_mensuels, migrations 0025 and 0028) are rebuilt from its lines.
delete from mouvements_mensuels where entreprise_id in (select entreprise from bench_compta);
insert into mouvements_mensuels (entreprise_id, compte, mois, journal, debit, credit, lignes)
select l.entreprise_id, l.compte, date_trunc('month', l.date_operation)::date, l.journal, sum(l.debit), sum(l.credit),
       count(*)
from ecriture_lignes l where l.entreprise_id in (select entreprise from bench_compta)
group by 1, 2, 3, 4;
