import { zRowId } from '@yams/shared';
import { z } from 'zod';
import { AppError } from './errors';

export const GroupBody = z.object({
  selected_lines: z
    .array(zRowId("Une des lignes sélectionnées n'est pas valide."), {
      error: 'Sélectionnez au moins une ligne.',
    })
    .min(1, { error: 'Sélectionnez au moins une ligne.' })
    .max(500, { error: 'Vous ne pouvez pas traiter plus de 500 lignes à la fois.' }),
});

export const GroupMessage = z.array(z.object({ severity: z.enum(['success', 'error']), value: z.string() }));
export type GroupMessage = z.infer<typeof GroupMessage>;

/**
 * Runs one action per selected id and answers one `{severity, value}` item per id, as the group
 * delete calls of the specification do: a failing item (not found, in use…) does not stop the others.
 */
export async function forEachSelected(
  ids: number[],
  action: (id: number) => Promise<string>,
): Promise<{ message: GroupMessage; done: number }> {
  const message: GroupMessage = [];
  let done = 0;
  for (const id of [...new Set(ids)]) {
    try {
      message.push({ severity: 'success', value: await action(id) });
      done++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      message.push({ severity: 'error', value: err.errors[0] ?? `Ligne ${id} : échec.` });
    }
  }
  return { message, done };
}

/** `ok()` with the group message as the envelope's `message`. */
export function groupReply(result: { message: GroupMessage }) {
  return { success: true as const, message: result.message, data: null, errors: [] as string[] };
}
