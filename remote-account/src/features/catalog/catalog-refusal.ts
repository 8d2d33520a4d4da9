import { errorMessageOf, HTTPError } from '@bawaba/shared';

/**
 * A refused catalogue write as the page shows it: the server's translated message, and whether the refusal is a
 * version conflict (someone else changed the entry since this page read it: the page offers to reload).
 */
export type Refusal = { message: string | null; conflict: boolean };

export async function refusalOf(error: unknown): Promise<Refusal> {
  const data = error instanceof HTTPError ? (error.data as { code?: unknown } | undefined) : undefined;
  return {
    message: await errorMessageOf(error),
    conflict: data?.code === 'CATALOG_VERSION_CONFLICT',
  };
}
