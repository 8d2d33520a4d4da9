import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

/** The settings' reads, in one place (the write, and the read that locks the row for it: service.ts). */

/** The stored back-office setting's value (undefined: never saved). */
export async function storedBoSetting(db: Db | Tx): Promise<unknown> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'bo-setting'));
  return row?.value;
}
