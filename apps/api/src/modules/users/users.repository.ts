import {
  CHAUFFEUR_TYPES,
  type ConnectedUserOut,
  telephoneNational,
  type UserOut,
  utilisateurCan,
} from '@yams/shared';
import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { nomsRechercheSql, type User, users } from '../../db/schema';
import { scoped } from '../../db/scoped';
import { likePattern } from '../../lib/filters-ids';
import { countsOf, type ListSource } from '../../lib/pagination';
import { orderFor, type Sortable } from '../../lib/sorting';
import { type Scope, scopeOf } from '../../plugins/auth';
import type { PresentUser } from '../realtime/presence';

const commercial = alias(users, 'commercial');

const fullName = (t: typeof users | typeof commercial) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${t.nom}, ${t.prenom})), ''), ${t.name})`;

/**
 * The picked columns of a user as the API returns it. `own`: the viewer's own accounts; another company's
 * client who booked with the viewer shows its contact details but not who its commercial is elsewhere.
 */
const userOutColumns = (own: SQL | undefined) => ({
  id: users.id,
  name: users.name,
  type: users.type,
  sous_type: users.sous_type,
  nom: users.nom,
  prenom: users.prenom,
  nom_complet: fullName(users),
  adresse: users.adresse,
  photo: users.photo,
  telephone1: users.telephone1,
  telephone2: users.telephone2,
  email: users.email,
  bp: users.bp,
  delai_paiement: users.delai_paiement,
  commercial_id: own
    ? sql<number | null>`case when ${own} then ${users.commercial_id} end`
    : users.commercial_id,
  commercial_nom: sql<
    string | null
  >`case when ${commercial.id} is null ${own ? sql`or not (${own})` : sql``} then null else ${fullName(commercial)} end`,
  entreprise_id: own
    ? sql<number | null>`case when ${own} then ${users.entreprise_id} end`
    : users.entreprise_id,
  email_verified_at: users.email_verified_at,
  bloque: users.bloque,
  last_seen_at: users.last_seen_at,
  created_at: users.created_at,
  updated_at: users.updated_at,
  /** One of the viewer's own accounts (it may change it), not a client who booked with it. */
  own: own ? sql<boolean>`coalesce(${own}, false)`.mapWith(Boolean) : sql<boolean>`true`.mapWith(Boolean),
});

function selectUsers(db: Db, scope: Scope, reach: 'visible' | 'own' = 'visible') {
  const s = scoped(db, scope);
  return s
    .select(userOutColumns(s.own(users, 'own')))
    .from(users, reach)
    .leftJoin(commercial, eq(commercial.id, users.commercial_id));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectUsers>['execute']>>[number];

/** The row as the API answers it, with what the viewer may do with it (`utilisateurCan`). */
function toOut(scope: Scope, { own, ...u }: Selected): UserOut {
  return {
    ...u,
    can: utilisateurCan({ ...u, own }, { id: scope.user.id, entrepriseId: scope.entrepriseId }),
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/**
 * The driver accounts (`estChauffeur`) whose first phone number is this one, compared on national digits
 * (`telephoneNational`, the SQL function `telephone_national` of migration 0040, indexed). Phone numbers are
 * not unique: the driver's app tries the password on each (a handful at most).
 */
export async function findChauffeursByTelephone(db: Db, telephone: string): Promise<User[]> {
  const national = telephoneNational(telephone);
  if (!national) return [];
  return db
    .select()
    .from(users)
    .where(
      and(
        sql`telephone_national(${users.telephone1}) = ${national}`,
        or(
          inArray(users.type, [...CHAUFFEUR_TYPES]),
          and(eq(users.type, 'transporteur'), inArray(users.sous_type, [...CHAUFFEUR_TYPES])),
        ),
      ),
    )
    .orderBy(users.id)
    .limit(5);
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function getUserOut(db: Db, scope: Scope, id: number): Promise<UserOut | undefined> {
  const [row] = await selectUsers(db, scope).where(eq(users.id, id)).limit(1);
  return row && toOut(scope, row);
}

/** A user's own account (`/api/me`, sign-in): read in its own scope. */
export function getAccountOut(db: Db, user: User): Promise<UserOut | undefined> {
  return getUserOut(db, scopeOf(user), user.id);
}

export interface UserFilters extends Sortable {
  type?: string;
  sous_type?: string;
  search?: string;
}

/**
 * Users visible in a scope: a company's own accounts plus the clients who booked with it (a client
 * signed up from the mobile app belongs to no company), or everyone for a superadmin.
 */
export function listUsers(db: Db, scope: Scope, f: UserFilters): ListSource<UserOut> {
  const order = orderFor(
    f.sort,
    {
      id: users.id,
      name: users.name,
      nom: users.nom,
      email: users.email,
      type: users.type,
      telephone1: users.telephone1,
      created_at: users.created_at,
    },
    // Newest first: an account just created is on the first page, where its creator looks for it.
    { desc: [users.id] },
  );
  const conditions: (SQL | undefined)[] = [];
  if (f.type) conditions.push(eq(users.type, f.type));
  // 'camionneur' and 'coursier' are both a kind of independent transporteur (sous_type) and a company
  // driver's type: the home counters 'Camionneurs' and 'Coursiers' count both.
  if (f.sous_type === 'entreprise') conditions.push(eq(users.sous_type, f.sous_type));
  else if (f.sous_type) conditions.push(or(eq(users.sous_type, f.sous_type), eq(users.type, f.sous_type)));
  if (f.search) {
    const like = likePattern(f.search);
    conditions.push(
      // The trigram indexes find the candidates (names, email); the exact conditions keep the matches.
      or(ilike(nomsRechercheSql(users), like), ilike(users.email, like)),
      or(
        ilike(users.name, like),
        ilike(users.nom, like),
        ilike(users.prenom, like),
        ilike(users.email, like),
        // The full name as shown ('Mouketou Client3'), so a select searched as one types finds it.
        ilike(fullName(users), like),
      ),
    );
  }
  const where = and(...conditions);
  return {
    ...countsOf(db, () => scoped(db, scope).select({ one: sql`1` }).from(users).where(where)),
    async rows(limit, offset) {
      const rows = await selectUsers(db, scope)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return rows.map((u) => toOut(scope, u));
    },
  };
}

/**
 * Connected users, from the presence channel (`present`, every API process's open tabs): the ones this
 * scope may see, most recently connected first, with since when and how many tabs.
 */
export function connectedUsers(db: Db, scope: Scope, present: PresentUser[]): ListSource<ConnectedUserOut> {
  const visible = present.filter((p) => scope.entrepriseId === null || p.entrepriseId === scope.entrepriseId);
  const ids = visible.map((p) => p.userId);
  const where = inArray(users.id, ids.length ? ids : [0]);
  let loaded: Promise<ConnectedUserOut[]> | undefined;
  const load = () => {
    loaded ??= selectUsers(db, scope, 'own')
      .where(where)
      .then((rows) => {
        const byId = new Map(visible.map((p) => [p.userId, p]));
        return rows
          .map((u) => {
            const p = byId.get(u.id)!;
            return { ...toOut(scope, u), connecte_depuis: p.since, onglets: p.onglets };
          })
          .sort((a, b) => b.connecte_depuis.localeCompare(a.connecte_depuis) || a.id - b.id);
      });
    return loaded;
  };
  return {
    async count() {
      return (await load()).length;
    },
    async rows(limit, offset) {
      return (await load()).slice(offset, offset + limit);
    },
  };
}
