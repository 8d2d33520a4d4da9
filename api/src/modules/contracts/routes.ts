import { acceptContract, contract, contracts, terminateContract } from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { serve } from '../../route.ts';
import { listContracts, readContract } from './reads.ts';
import * as service from './service.ts';

/** The contracts' routes (shared/src/contracts/routes/contracts.ts): thin handlers over service.ts. */
export const contractsModule: Module = (app, ctx) => {
  serve(app, ctx, contracts, ({ auth, lang }) => listContracts(ctx, auth, lang));

  serve(app, ctx, contract, ({ auth, params, lang }) => readContract(ctx, auth, params.id, lang));

  serve(app, ctx, acceptContract, async ({ auth, params, lang }) => {
    await service.acceptContract(ctx, auth, params.id);
    return readContract(ctx, auth, params.id, lang);
  });

  serve(app, ctx, terminateContract, async ({ auth, params, body, lang }) => {
    await service.terminateContract(ctx, auth, params.id, body.reason);
    return readContract(ctx, auth, params.id, lang);
  });
};
