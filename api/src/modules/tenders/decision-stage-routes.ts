import {
  answerObjection,
  approveDecision,
  bafoRound,
  decisionRequests,
  fileObjection,
  objections,
  openObjections,
  refuseDecision,
  startBafo,
  submitBafo,
} from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { serve } from '../../route.ts';
import * as bafo from './bafo.ts';
import * as fourEyes from './four-eyes.ts';
import * as objection from './objections.ts';
import { tenderOut } from './serializers.ts';
import { ownedTender } from './service.ts';
import { sweepStandstills } from './standstill.ts';
import { viewerOf } from './tender-serializer.ts';

/**
 * The decision stage's routes (shared/src/contracts/routes/decision-stage.ts and bafo.ts; docs/decisions/0013-decision-
 * stage.md, 0015-best-and-final-offer.md): four eyes, objections and the best-and-final-offer round; and the
 * standstill's job, which this module starts with the app and stops with it.
 */
export const decisionStageModule: Module = (app, ctx) => {
  serve(app, ctx, decisionRequests, ({ auth, params, lang }) =>
    fourEyes.decisionRequests(ctx, auth, params.id, lang),
  );

  serve(app, ctx, approveDecision, async ({ auth, params, lang }) => {
    const row = await fourEyes.approveDecision(ctx, auth, params.id);
    return tenderOut(ctx, row, lang, viewerOf(auth));
  });

  serve(app, ctx, refuseDecision, async (input) => {
    const { auth, params, lang } = input;
    // Someone else's tender is refused before the body is read.
    await ownedTender(ctx, auth, params.id);
    const row = await fourEyes.refuseDecision(ctx, auth, params.id, input.body.reason);
    return tenderOut(ctx, row, lang, viewerOf(auth));
  });

  serve(app, ctx, objections, ({ auth, params, lang }) =>
    objection.listObjections(ctx, auth, params.id, lang),
  );

  serve(app, ctx, fileObjection, ({ auth, params, body, lang }) =>
    objection.fileObjection(ctx, auth, params.id, body, lang),
  );

  serve(app, ctx, answerObjection, async (input) => {
    const { auth, params, lang } = input;
    // Someone else's tender is refused before the body is read.
    await ownedTender(ctx, auth, params.id);
    return objection.answerObjection(ctx, auth, params.id, params.objectionId, input.body, lang);
  });

  serve(app, ctx, openObjections, ({ lang }) => objection.openObjections(ctx, lang));

  serve(app, ctx, bafoRound, ({ auth, params, lang }) => bafo.bafoRound(ctx, auth, params.id, lang));

  serve(app, ctx, startBafo, async (input) => {
    const { auth, params, lang } = input;
    // Someone else's tender is refused before the body is read.
    await ownedTender(ctx, auth, params.id);
    const row = await bafo.startBafo(ctx, auth, params.id, input.body);
    return tenderOut(ctx, row, lang, viewerOf(auth));
  });

  serve(app, ctx, submitBafo, ({ auth, params, body, lang }) =>
    bafo.submitBafo(ctx, auth, params.id, body, lang),
  );

  const standstills = sweepStandstills(ctx);
  app.addHook('onClose', async () => standstills.stop());
};
