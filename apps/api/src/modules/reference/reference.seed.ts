import type { SeedContext } from '../../db/seed';

/** Demo data of this domain for the demo companies (see db/seed/index.ts). */
export async function seedReference(ctx: SeedContext): Promise<void> {
  void ctx;
}
