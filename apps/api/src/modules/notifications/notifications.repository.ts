import {
  ALERTE_GPS_KEYS,
  ALERTES_GPS,
  isNotificationOptIn,
  NOTIFICATION_TYPE_KEYS,
  NOTIFICATION_TYPES,
  type NotificationOut,
} from '@yams/shared';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationPreferences, notifications } from '../../db/schema';
import { createErrorFactory } from '../../lib/errors';
import type { ListSource } from '../../lib/pagination';

// A user's own inbox: every query of this file is bounded by the signed-in user's id.

const notFound = createErrorFactory({
  code: 'notifications.not_found',
  statusCode: 404,
  message: 'Cette notification n’existe pas.',
});

const mine = (userId: number, unread?: boolean): SQL | undefined =>
  and(eq(notifications.user_id, userId), unread ? isNull(notifications.read_at) : undefined);

/** My notifications, latest first; `unread`: those not read yet. */
export function listNotifications(db: Db, userId: number, unread: boolean): ListSource<NotificationOut> {
  const where = mine(userId, unread);
  return {
    count: async () => (await db.select({ n: count() }).from(notifications).where(where))[0]?.n ?? 0,
    rows: (limit, offset) =>
      db
        .select({
          id: notifications.id,
          type: notifications.type,
          titre: notifications.titre,
          contenu: notifications.contenu,
          lien: notifications.lien,
          read_at: notifications.read_at,
          created_at: notifications.created_at,
        })
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.created_at), desc(notifications.id))
        .limit(limit)
        .offset(offset),
  };
}

/** Marks one of my notifications read (kept as first read); another user's is a 404 like a missing one. */
export async function markNotificationRead(db: Db, userId: number, id: number): Promise<void> {
  const updated = await db
    .update(notifications)
    .set({ read_at: sql`coalesce(${notifications.read_at}, now())` })
    .where(and(eq(notifications.id, id), mine(userId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw notFound();
}

/** Marks all my unread notifications read; returns how many. */
export async function markAllNotificationsRead(db: Db, userId: number): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(mine(userId, true))
    .returning({ id: notifications.id });
  return updated.length;
}

/** Every notification type, and whether I receive it. */
export async function preferencesOf(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.user_id, userId));
  const off = new Set(row?.desactivees ?? []);
  const app = new Set(row?.alertes_app ?? []);
  const email = new Set(row?.alertes_email ?? []);
  return {
    types: NOTIFICATION_TYPE_KEYS.filter((type) => !isNotificationOptIn(type)).map((type) => ({
      type,
      libelle: NOTIFICATION_TYPES[type],
      actif: !off.has(type),
    })),
    alertes: ALERTE_GPS_KEYS.map((type) => ({
      type,
      libelle: ALERTES_GPS[type].libelle,
      app: app.has(type),
      email: email.has(type),
    })),
  };
}

/** The types I do not want to receive and, when given, the GPS alerts I choose (in the bell, by e-mail). */
export async function setPreferences(
  db: Db,
  userId: number,
  prefs: { desactivees: string[]; alertes_app?: string[]; alertes_email?: string[] },
): Promise<void> {
  const set = {
    desactivees: [...new Set(prefs.desactivees.filter((t) => !isNotificationOptIn(t)))],
    ...(prefs.alertes_app ? { alertes_app: [...new Set(prefs.alertes_app)] } : {}),
    ...(prefs.alertes_email ? { alertes_email: [...new Set(prefs.alertes_email)] } : {}),
  };
  await db
    .insert(notificationPreferences)
    .values({ user_id: userId, ...set })
    .onConflictDoUpdate({ target: notificationPreferences.user_id, set });
}
