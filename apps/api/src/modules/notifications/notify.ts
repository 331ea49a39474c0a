import { BACKOFFICE_TYPES, isNotificationOptIn, type NotificationType, REALTIME_EVENTS } from '@yams/shared';
import { and, eq, inArray, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { emitAfterCommit } from '../realtime/after-commit';
import { notificationPreferences } from './notifications.table';

export interface NotifyEvent {
  type: NotificationType;
  titre: string;
  contenu?: string | null;
  /** The screen of the record: `/operations/courses?id=12`. */
  lien: string;
  /** Who hears of it: the back-office accounts of these companies… */
  entreprises?: number[];
  /** …or of every transporteur company except these (a demande broadcast to the market). */
  saufEntreprises?: number[];
  /** The user whose action it is: not told of their own action. */
  auteur?: number | null;
  /** A job's event: at most one notification per user and key. */
  cle?: string;
}

/**
 * Records a notification for every back-office account concerned, inside the event's own transaction
 * (`tx`), skipping those who turned this kind off; the bells hear of it once the transaction commits.
 */
export async function notify(tx: Db, event: NotifyEvent): Promise<number> {
  const company: SQL | undefined = event.entreprises
    ? event.entreprises.length
      ? or(inArray(users.entreprise_id, event.entreprises), inArray(users.id, event.entreprises))
      : sql`false`
    : event.saufEntreprises?.length
      ? and(
          notInArray(users.entreprise_id, event.saufEntreprises),
          notInArray(users.id, event.saufEntreprises),
        )
      : undefined;
  const recipients = await tx
    .select({ id: users.id })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.user_id, users.id))
    .where(
      and(
        company,
        eq(users.type, 'transporteur'),
        inArray(users.type, [...BACKOFFICE_TYPES]),
        eq(users.bloque, false),
        event.auteur ? ne(users.id, event.auteur) : undefined,
        // The GPS alerts are received once chosen; the other kinds unless turned off.
        isNotificationOptIn(event.type)
          ? sql`coalesce(${notificationPreferences.alertes_app}, '[]'::jsonb) ? ${event.type}`
          : sql`not coalesce(${notificationPreferences.desactivees}, '[]'::jsonb) ? ${event.type}`,
      ),
    );
  if (recipients.length === 0) return 0;
  const contenu = event.contenu ?? null;
  const inserted = await tx
    .insert(notifications)
    .values(
      recipients.map((r) => ({
        user_id: r.id,
        type: event.type,
        titre: event.titre,
        contenu,
        lien: event.lien,
        cle: event.cle ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ user_id: notifications.user_id });
  await emitAfterCommit(
    tx,
    inserted.map((r) => `user:${r.user_id}`),
    REALTIME_EVENTS.notification,
    { type: event.type, titre: event.titre, contenu: contenu?.slice(0, 300) ?? null, lien: event.lien },
  );
  return inserted.length;
}
