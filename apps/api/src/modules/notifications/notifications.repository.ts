import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, notifications } from '../../db/schema';
import type { ListSource } from '../../lib/pagination';

// Notifications and messages belong to one user, a narrower owner than the company: every query here is
// bound to the signed-in user's id (never reached by another id), so they do not go through db/scoped.ts.

type Notification = typeof notifications.$inferSelect;
type Message = typeof messages.$inferSelect;

export function myNotifications(db: Db, userId: number, unreadOnly: boolean): ListSource<Notification> {
  const where = and(
    eq(notifications.user_id, userId),
    unreadOnly ? isNull(notifications.read_at) : undefined,
  );
  return {
    count: async () => (await db.select({ n: count() }).from(notifications).where(where))[0]?.n ?? 0,
    rows: (limit, offset) =>
      db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.id))
        .limit(limit)
        .offset(offset),
  };
}

export function myMessages(db: Db, userId: number, unreadOnly: boolean): ListSource<Message> {
  const where = and(eq(messages.recipient_id, userId), unreadOnly ? isNull(messages.read_at) : undefined);
  return {
    count: async () => (await db.select({ n: count() }).from(messages).where(where))[0]?.n ?? 0,
    rows: (limit, offset) =>
      db.select().from(messages).where(where).orderBy(desc(messages.id)).limit(limit).offset(offset),
  };
}
