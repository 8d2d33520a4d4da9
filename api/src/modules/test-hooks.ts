import type { Module } from '../context.ts';
import { AppError } from '../errors.ts';
import { requireAdmin } from '../lib/auth.ts';
import { finaliseDueAwards } from './tenders/index.ts';

/** A clock past the end of any standstill (at most 30 working days from an award decision). */
const AFTER_EVERY_STANDSTILL = new Date('9999-12-31T00:00:00.000Z');

/**
 * Test-only routes, registered by app.ts only when TEST_HOOKS=1 (the e2e setups set it; a process with
 * NODE_ENV=production refuses to start with it, src/config.ts). They are not in the contract
 * (shared/src/contracts/routes) nor in the OpenAPI document: no client of the site calls them.
 *
 * POST /test-hooks/tenders/:id/end-standstill — a platform admin ends the tender's standstill now: the standstill
 * job (`finaliseDueAwards`, the code the sweep runs every minute) runs for that tender with a clock past its end, so
 * the award becomes final exactly as it would when its days have passed — unless an objection is still open, which
 * keeps it from becoming final then too. Answers `{ data: { finalised } }`: 1 when the award became final, 0 when
 * nothing was due (no award in a standstill, or an objection open).
 */
export const testHooksModule: Module = (app, ctx) => {
  app.post<{ Params: { id: string } }>(
    '/test-hooks/tenders/:id/end-standstill',
    { schema: { hide: true } },
    async (req) => {
      await requireAdmin(ctx, req);
      const id = Number(req.params.id);
      if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('TENDER_NOT_FOUND');
      return { data: { finalised: await finaliseDueAwards(ctx, id, AFTER_EVERY_STANDSTILL) } };
    },
  );
};
