import { type MessageBody, type MessageOut, REALTIME_EVENTS } from '@yams/shared';
import { and, count, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { messages, users } from '../../db/schema';
import { createErrorFactory, fieldErrors } from '../../lib/errors';
import type { ListSource } from '../../lib/pagination';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { emitAfterCommit } from '../realtime/after-commit';

const messageNotFound = createErrorFactory({
  code: 'messages.not_found',
  statusCode: 404,
  message: 'Ce message n’existe pas.',
});

const sender = alias(users, 'sender');
const recipient = alias(users, 'recipient');
const nom = (t: typeof sender | typeof recipient) =>
  sql<string | null>`coalesce(nullif(trim(concat_ws(' ', ${t.nom}, ${t.prenom})), ''), ${t.name})`;

function selectMessages(db: Db) {
  return db
    .select({
      id: messages.id,
      sender_id: messages.sender_id,
      sender_nom: nom(sender),
      recipient_id: messages.recipient_id,
      recipient_nom: nom(recipient),
      contenu: messages.contenu,
      read_at: messages.read_at,
      created_at: messages.created_at,
    })
    .from(messages)
    .leftJoin(sender, eq(sender.id, messages.sender_id))
    .leftJoin(recipient, eq(recipient.id, messages.recipient_id));
}

/** A user's received (or sent) messages, newest first. */
export function messagesOf(
  db: Db,
  userId: number,
  o: { sent: boolean; unread: boolean },
): ListSource<MessageOut> {
  const where = and(
    o.sent ? eq(messages.sender_id, userId) : eq(messages.recipient_id, userId),
    o.unread ? isNull(messages.read_at) : undefined,
  );
  return {
    async count() {
      return (await db.select({ n: count() }).from(messages).where(where))[0]?.n ?? 0;
    },
    rows: (limit, offset) =>
      selectMessages(db)
        .where(where)
        .orderBy(desc(messages.created_at), desc(messages.id))
        .limit(limit)
        .offset(offset),
  };
}

/** One of my messages (sent or received); a received one is marked read. */
export async function readMessage(db: Db, userId: number, id: number): Promise<MessageOut> {
  await markMessagesRead(db, userId, id);
  const [row] = await selectMessages(db)
    .where(and(eq(messages.id, id), or(eq(messages.recipient_id, userId), eq(messages.sender_id, userId))))
    .limit(1);
  if (!row) throw messageNotFound();
  return row;
}

export async function markMessagesRead(db: Db, userId: number, id?: number): Promise<void> {
  const updated = await db
    .update(messages)
    .set({ read_at: sql`coalesce(${messages.read_at}, now())` })
    .where(
      and(
        eq(messages.recipient_id, userId),
        id === undefined ? isNull(messages.read_at) : eq(messages.id, id),
      ),
    )
    .returning({ id: messages.id });
  if (id !== undefined && updated.length === 0) {
    const [own] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, id), eq(messages.sender_id, userId)));
    if (!own) throw messageNotFound();
  }
}

/** To a user of the same company (a superadmin writes to anyone); the recipient hears of it on commit. */
export async function sendMessage(db: Db, scope: Scope, body: MessageBody): Promise<MessageOut> {
  return transaction(db, async (tx) => {
    const [to] = await tx
      .select({ id: users.id, entreprise_id: users.entreprise_id })
      .from(users)
      .where(
        and(
          eq(users.id, body.recipient_id),
          ne(users.id, scope.user.id),
          ne(users.type, 'client'),
          scope.entrepriseId === null
            ? undefined
            : or(eq(users.entreprise_id, scope.entrepriseId), eq(users.id, scope.entrepriseId)),
        ),
      );
    if (!to)
      throw fieldErrors({ recipient_id: 'Ce destinataire n’est pas un utilisateur de votre entreprise.' });
    const [row] = await tx
      .insert(messages)
      .values({
        sender_id: scope.user.id,
        recipient_id: to.id,
        entreprise_id: scope.entrepriseId ?? to.entreprise_id,
        contenu: body.contenu,
      })
      .returning({ id: messages.id });
    await emitAfterCommit(tx, [`user:${to.id}`], REALTIME_EVENTS.message, {
      id: row!.id,
      contenu: body.contenu.slice(0, 300),
    });
    const [out] = await selectMessages(tx).where(eq(messages.id, row!.id));
    return out!;
  });
}
