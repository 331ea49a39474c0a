import { REFERENCE_TABLES, type ReferenceTable } from '@yams/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  assertDeclaration,
  cardFields,
  DeclarationError,
  declarationErrors,
  detailFields,
} from '../components/list/fields';
import type { ListDecl, Row } from '../components/list/types';

// Every list screen of the app is a declaration whose card and detail name their lines by key: each key
// must name a field of the declaration's one field list. The screens are found by their source (any module
// of features/ declaring a `const X: ListDecl<…>` or a function returning one), so a new screen is checked without anyone listing it here.

const sources = import.meta.glob<string>(['../features/**/*.tsx', '!../features/**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const loaders = import.meta.glob<Record<string, unknown>>([
  '../features/**/*.tsx',
  '!../features/**/*.test.*',
]);

const isDecl = (v: unknown): v is ListDecl<Row> =>
  typeof v === 'object' && v !== null && 'fields' in v && 'detail' in v && 'resource' in v && 'title' in v;

// The screens' modules read the browser's session when loaded: a window and a storage that hold nothing.
const storage = new Map<string, string>();
Object.assign(globalThis, {
  window: Object.assign(globalThis, { addEventListener() {}, removeEventListener() {} }),
  localStorage: {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  },
});
let withTenant: typeof import('../components/list/tenant').withTenant;
let referenceDecl: typeof import('../features/configurations/referenceDecls').referenceDecl;
let utilisateursDecl: typeof import('../features/users/UtilisateursPage').utilisateursDecl;
beforeAll(async () => {
  ({ withTenant } = await import('../components/list/tenant'));
  ({ referenceDecl } = await import('../features/configurations/referenceDecls'));
  ({ utilisateursDecl } = await import('../features/users/UtilisateursPage'));
}, 60_000);

/** Declarations built per user (session-dependent), called for both kinds of user. */
const FACTORIES: Record<string, (superadmin: boolean) => ListDecl<Row>[]> = {
  '../features/configurations/referenceDecls.tsx': (superadmin) =>
    (Object.keys(REFERENCE_TABLES) as ReferenceTable[]).map((t) => referenceDecl(t, superadmin)),
  '../features/users/UtilisateursPage.tsx': (superadmin) => [
    utilisateursDecl(superadmin) as unknown as ListDecl<Row>,
  ],
};

async function allDeclarations(): Promise<{ module: string; decl: ListDecl<Row> }[]> {
  const found: { module: string; decl: ListDecl<Row> }[] = [];
  for (const [path, source] of Object.entries(sources)) {
    if (!/^(export )?(const \w+: ListDecl<|function \w+\([^)]*\): ListDecl<)/m.test(source)) continue;
    const before = found.length;
    const mod = await loaders[path]!();
    for (const value of Object.values(mod)) if (isDecl(value)) found.push({ module: path, decl: value });
    for (const superadmin of [false, true]) {
      for (const decl of FACTORIES[path]?.(superadmin) ?? []) found.push({ module: path, decl });
    }
    // A declaration the test cannot reach is not checked: export it (or its factory, listed above).
    expect(found.length, `${path} declares a list: export its declaration`).toBeGreaterThan(before);
  }
  return found;
}

describe('list declarations: one field list, card and detail keys into it', () => {
  it('every declaration of the app names only its own fields, for a company user and a superadmin', async () => {
    const decls = await allDeclarations();
    const titles = new Set(decls.map((d) => d.decl.title));
    for (const screen of [
      'Véhicules',
      'Courses',
      'Demandes',
      'Paiements',
      'Interventions',
      'Factures',
      'Villes',
    ]) {
      expect(titles).toContain(screen);
    }
    expect(decls.length).toBeGreaterThanOrEqual(30);
    const errors = decls.flatMap(({ module, decl }) =>
      [decl, withTenant(decl, true)].flatMap((d) => declarationErrors(d).map((e) => `${module}: ${e}`)),
    );
    expect(errors).toEqual([]);
  }, 60_000);

  it('the detail and the card follow the keys, in their order', async () => {
    const { VEHICULES } = await import('../features/fleet/VehiculesPage');
    const decl = VEHICULES as unknown as ListDecl<Row>;
    expect(detailFields(decl).map((f) => f.key)).toEqual(decl.detail.fields);
    expect(cardFields(decl).map((f) => f.key)).toEqual([
      'type_tonnage',
      'proprietaire',
      'chauffeur',
      'documents',
    ]);
    // A superadmin's 'Entreprise' comes first in both.
    const superadmin = withTenant(decl, true);
    expect(detailFields(superadmin)[0]?.key).toBe('entreprise_nom');
    expect(cardFields(superadmin)[0]?.key).toBe('entreprise_nom');
  });
});

describe('a declaration mistake fails', () => {
  const base = {
    title: 'Essai',
    resource: {} as ListDecl<Row>['resource'],
    labels: {},
    fields: [{ key: 'code' }, { key: 'montant', format: 'money' as const }],
    detail: { title: () => 'x' },
  } satisfies ListDecl<Row>;

  it('a card or detail key that is not a field, or a key declared twice', () => {
    const wrong: ListDecl<Row> = {
      ...base,
      fields: [...base.fields, { key: 'code' }],
      card: { title: () => 'x', fields: ['montant', 'montnat'] },
      detail: { title: () => 'x', fields: ['cod'] },
    };
    expect(declarationErrors(wrong)).toEqual([
      "Essai: the key 'code' is declared twice in fields",
      "Essai: card.fields names 'montnat', which is not a key of fields",
      "Essai: detail.fields names 'cod', which is not a key of fields",
    ]);
    expect(() => assertDeclaration(wrong)).toThrow(DeclarationError);
    expect(() => detailFields(wrong)).toThrow("detail.fields names 'cod'");
  });

  it('a right declaration passes', () => {
    expect(declarationErrors({ ...base, detail: { title: () => 'x', fields: ['montant', 'code'] } })).toEqual(
      [],
    );
  });
});

/**
 * Words the specification wrote without their accents: a label must write them in correct French
 * (`Opérations`, `Véhicules`, `Pièces de caisse`…). Values stored as the specification spells them
 * (`Problemes mécaniques`) are shown through `libelleValeur`, never typed in a label.
 */
const SANS_ACCENT =
  /\b(Operations?|Comptabilite|Geolocalisation|Vehicules?|Parametres?|Pieces?|Reservations?|connectes?|Problemes?|Etes|Debut|Categories?|Telephones?|Numero|References?|Prenoms?|Creer|Annee|Desactivee?s?|Echeances?|Proprietaires?|Periodes?|Modeles?|Details?|Libelle|Quantite|Reglements?|Societes?|Etat|Intitule|Tresorerie|Depenses?|Reinitialiser|Verifier)\b/i;

/** Every text a person reads in a declaration: titles, buttons, columns, form fields, actions. */
function textsOf(decl: ListDecl<Row>): string[] {
  const texts = [decl.title, decl.exportName, decl.addLabel, decl.createTitle, decl.resetLabel];
  for (const f of decl.fields) texts.push(f.label ?? decl.labels[f.key]);
  for (const f of decl.form?.fields ?? []) texts.push(f.label ?? decl.labels[f.name], f.placeholder);
  for (const a of decl.detail.actions ?? []) {
    texts.push(a.label, typeof a.confirm === 'string' ? a.confirm : undefined, a.form?.submitLabel);
    for (const f of a.form?.fields ?? []) texts.push(f.label ?? decl.labels[f.name]);
  }
  for (const filter of decl.filters ?? []) {
    texts.push(filter.label ?? (filter.name ? decl.labels[filter.name] : undefined));
  }
  return texts.filter((t): t is string => typeof t === 'string');
}

describe('labels: what a person reads is French, with its accents', () => {
  it('every field of every form (creation, edition, an action’s form) has a French label, not its name', async () => {
    const missing: string[] = [];
    for (const { module, decl } of await allDeclarations()) {
      const forms = [
        { name: 'form', fields: decl.form?.fields ?? [] },
        ...(decl.detail.actions ?? []).map((a) => ({ name: a.label, fields: a.form?.fields ?? [] })),
      ];
      for (const form of forms) {
        for (const f of form.fields) {
          const label = f.label ?? decl.labels[f.name];
          if (!label || label === f.name) missing.push(`${module} ${decl.title} › ${form.name}: ${f.name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  }, 60_000);

  it('titles, buttons, columns, fields and actions of every list screen carry their accents', async () => {
    const wrong = (await allDeclarations()).flatMap(({ module, decl }) =>
      textsOf(decl)
        .filter((t) => SANS_ACCENT.test(t))
        .map((t) => `${module}: « ${t} »`),
    );
    expect([...new Set(wrong)]).toEqual([]);
  }, 60_000);

  it('the side bar, the screens’ titles and the home counters carry their accents', async () => {
    const { NAVIGATION } = await import('./layout/navigation');
    const { ROUTE_PATHS } = await import('../base/paths');
    const { COUNTERS } = await import('../features/home/AccueilPage');
    const labels: string[] = [];
    const visit = (entries: typeof NAVIGATION) => {
      for (const e of entries) {
        labels.push(e.label);
        if ('children' in e) visit(e.children);
      }
    };
    visit(NAVIGATION);
    labels.push(...ROUTE_PATHS.map((r) => r.title), ...COUNTERS.map((c) => c.label));
    expect(labels.filter((l) => SANS_ACCENT.test(l))).toEqual([]);
    // The wording of the reference tables: one name in the tab, the title and the export.
    expect(Object.values(REFERENCE_TABLES).map((t) => t.titre)).toEqual(
      expect.arrayContaining(['Types de marchandise', "Types d'articles", 'Types de véhicules']),
    );
  }, 60_000);
});
