import {
  appointPanel,
  lockTechnical,
  requestRevisit,
  saveScores,
  signDeclaration,
  submitScores,
  tenderDebrief,
  tenderPanel,
} from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { serve } from '../../route.ts';
import { debrief } from './debrief.ts';
import * as panel from './panel.ts';
import { ownedTender } from './service.ts';

/**
 * The evaluation panel's routes (shared/src/contracts/routes/panel.ts; docs/decisions/0014-evaluation-panel.md):
 * thin handlers over panel.ts. Someone else's tender is refused before a body is read.
 */
export const panelModule: Module = (app, ctx) => {
  serve(app, ctx, tenderPanel, ({ auth, params, lang }) => panel.panelView(ctx, auth, params.id, lang));

  serve(app, ctx, appointPanel, async (input) => {
    const { auth, params, lang } = input;
    await ownedTender(ctx, auth, params.id);
    return panel.appointPanel(ctx, auth, params.id, input.body, lang);
  });

  serve(app, ctx, signDeclaration, async (input) => {
    const { auth, params, lang } = input;
    await ownedTender(ctx, auth, params.id);
    return panel.declare(ctx, auth, params.id, input.body, lang);
  });

  serve(app, ctx, saveScores, async (input) => {
    const { auth, params, lang } = input;
    await ownedTender(ctx, auth, params.id);
    return panel.saveScores(ctx, auth, params.id, params.proposalId, input.body, lang);
  });

  serve(app, ctx, submitScores, ({ auth, params, lang }) => panel.submitScores(ctx, auth, params.id, lang));

  serve(app, ctx, requestRevisit, async (input) => {
    const { auth, params, lang } = input;
    await ownedTender(ctx, auth, params.id);
    return panel.requestRevisit(ctx, auth, params.id, input.body, lang);
  });

  serve(app, ctx, tenderDebrief, ({ auth, params, lang }) => debrief(ctx, auth, params.id, lang));

  serve(app, ctx, lockTechnical, ({ auth, params, lang }) => panel.lockTechnical(ctx, auth, params.id, lang));
};
