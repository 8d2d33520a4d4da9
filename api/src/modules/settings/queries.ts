import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { services, settings } from '../../db/schema.ts';

/** The settings' reads, in one place (the write, and the read that locks the row for it: service.ts). */

/** The stored back-office setting's value (undefined: never saved). */
export async function storedBoSetting(db: Db | Tx): Promise<unknown> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'bo-setting'));
  return row?.value;
}

/** How many of these services exist. */
export async function existingServiceCount(db: Db | Tx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return (await db.select({ id: services.id }).from(services).where(inArray(services.id, ids))).length;
}
