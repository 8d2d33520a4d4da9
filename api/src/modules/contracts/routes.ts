import {
  acceptContract,
  acceptMilestone,
  acceptVariation,
  contract,
  contractDocument,
  contracts,
  payMilestone,
  proposeVariation,
  rejectVariation,
  requestMilestoneChanges,
  submitMilestone,
  terminateContract,
  withdrawVariation,
} from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { serve } from '../../route.ts';
import { contractPdf } from './document.ts';
import * as milestones from './milestones.ts';
import { listContracts, readContract } from './reads.ts';
import * as service from './service.ts';
import * as variations from './variations.ts';

/** The contracts' routes (shared/src/contracts/routes/contracts.ts): thin handlers over service.ts. */
export const contractsModule: Module = (app, ctx) => {
  serve(app, ctx, contracts, ({ auth, lang }) => listContracts(ctx, auth, lang));

  serve(app, ctx, contract, ({ auth, params, lang }) => readContract(ctx, auth, params.id, lang));

  serve(app, ctx, contractDocument, async ({ auth, params, query, reply }) => {
    const { number, pdf } = await contractPdf(ctx, auth, params.id, query.lang);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${number}-${query.lang}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  });

  serve(app, ctx, acceptContract, async ({ auth, params, lang }) => {
    await service.acceptContract(ctx, auth, params.id);
    return readContract(ctx, auth, params.id, lang);
  });

  serve(app, ctx, terminateContract, async ({ auth, params, body, lang }) => {
    await service.terminateContract(ctx, auth, params.id, body.reason);
    return readContract(ctx, auth, params.id, lang);
  });

  serve(app, ctx, submitMilestone, async ({ auth, params, body, lang }) => {
    await milestones.submitMilestone(ctx, auth, params.id, params.milestoneId, body);
    return readContract(ctx, auth, params.id, lang);
  });

  serve(app, ctx, acceptMilestone, async ({ auth, params, lang }) => {
    await milestones.acceptMilestone(ctx, auth, params.id, params.milestoneId);
    return readContract(ctx, auth, params.id, lang);
  });

  serve(app, ctx, requestMilestoneChanges, async ({ auth, params, body, lang }) => {
    await milestones.requestChanges(ctx, auth, params.id, params.milestoneId, body.reason);
    return readContract(ctx, auth, params.id, lang);
  });

  serve(app, ctx, payMilestone, async ({ auth, params, lang }) => {
    await milestones.payMilestone(ctx, auth, params.id, params.milestoneId);
    return readContract(ctx, auth, params.id, lang);
  });

  serve(app, ctx, proposeVariation, async ({ auth, params, body, lang }) => {
    await variations.proposeVariation(ctx, auth, params.id, body);
    return readContract(ctx, auth, params.id, lang);
  });

  serve(app, ctx, acceptVariation, async ({ auth, params, lang }) => {
    await variations.acceptVariation(ctx, auth, params.id, params.variationId);
    return readContract(ctx, auth, params.id, lang);
  });

  serve(app, ctx, rejectVariation, async ({ auth, params, lang }) => {
    await variations.rejectVariation(ctx, auth, params.id, params.variationId);
    return readContract(ctx, auth, params.id, lang);
  });

  serve(app, ctx, withdrawVariation, async ({ auth, params, lang }) => {
    await variations.withdrawVariation(ctx, auth, params.id, params.variationId);
    return readContract(ctx, auth, params.id, lang);
  });
};
