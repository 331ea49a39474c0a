import { isListAnswer, ListeCoupee, withEntrepriseNom } from '@yams/shared';
import { z } from 'zod';

const messageSchema = z.union([
  z.string(),
  z.null(),
  z.array(z.object({ severity: z.string(), value: z.string() })),
]);

/** Response schema of the standard envelope around `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), message: messageSchema, data, errors: z.array(z.string()) });
}

export function ok<T>(data: T, message: string | null = null) {
  return { success: true as const, message, data, errors: [] as string[] };
}

/**
 * 200 answer schemas in one line: `response: reply(UserOut)`; one row's detail may name its company; a
 * list's envelope says whether a plain list was cut (`listReply`).
 */
export const reply = <T extends z.ZodType>(data: T) => {
  const answer = envelope(withEntrepriseNom(data));
  return { 200: isListAnswer(data) ? answer.extend(ListeCoupee) : answer };
};
