import {
  amendments,
  amendTender,
  answerQuestion,
  askQuestion,
  awardTender,
  cancelTender,
  clarifications,
  endWithoutAward,
  evaluateProposal,
  tenderHistory,
} from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { serve } from '../../route.ts';
import * as decisions from './decisions.ts';
import { tenderOut } from './serializers.ts';
import { ownedTender } from './service.ts';
import { viewerOf } from './tender-serializer.ts';

/**
 * The routes that take a tender to a decision (declared in shared/src/contracts/routes/tender-decisions.ts; docs:
 * api/README.md "Tender lifecycle"): thin handlers; the rules are in decisions.ts and the state machine in
 * lifecycle.ts. Someone else's tender is refused before a body is read.
 */
export const tenderDecisionsModule: Module = (app, ctx) => {
  serve(app, ctx, clarifications, async ({ auth, params }) =>
    decisions.listClarifications(ctx, auth, params.id),
  );

  serve(app, ctx, askQuestion, async ({ auth, params, body }) => {
    const row = await decisions.askQuestion(ctx, auth, params.id, body.question);
    return decisions.clarificationOut(row, auth.user.id);
  });

  serve(app, ctx, answerQuestion, async (input) => {
    const { auth, params } = input;
    await ownedTender(ctx, auth, params.id);
    const { answer } = input.body;
    const row = await decisions.answerQuestion(ctx, auth, params.id, params.clarificationId, answer);
    return decisions.clarificationOut(row, auth.user.id);
  });

  serve(app, ctx, amendments, async ({ auth, params, lang }) =>
    decisions.listAmendments(ctx, auth, params.id, lang),
  );

  serve(app, ctx, amendTender, async (input) => {
    const { auth, params } = input;
    await ownedTender(ctx, auth, params.id);
    return decisions.amendTender(ctx, auth, params.id, input.body, input.lang);
  });

  serve(app, ctx, evaluateProposal, async (input) => {
    const { auth, params } = input;
    await ownedTender(ctx, auth, params.id);
    await decisions.evaluateProposal(ctx, auth, params.id, params.proposalId, input.body);
    return { ok: true as const };
  });

  serve(app, ctx, awardTender, async (input) => {
    const { auth, params, lang } = input;
    await ownedTender(ctx, auth, params.id);
    const row = await decisions.awardTender(ctx, auth, params.id, input.body);
    return tenderOut(ctx, row, lang, viewerOf(auth));
  });

  serve(app, ctx, endWithoutAward, async (input) => {
    const { auth, params, lang } = input;
    await ownedTender(ctx, auth, params.id);
    const row = await decisions.endWithoutAward(ctx, auth, params.id, input.body.reason);
    return tenderOut(ctx, row, lang, viewerOf(auth));
  });

  serve(app, ctx, cancelTender, async (input) => {
    const { auth, params, lang } = input;
    await ownedTender(ctx, auth, params.id);
    const row = await decisions.cancelTender(ctx, auth, params.id, input.body.reason);
    return tenderOut(ctx, row, lang, viewerOf(auth));
  });

  serve(app, ctx, tenderHistory, async ({ auth, params, lang }) =>
    decisions.history(ctx, auth, params.id, lang),
  );
};
