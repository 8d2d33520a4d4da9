import type { ProposalSubmitted } from '@bawaba/shared/contracts';
import {
  comparison,
  comparisonCsv as comparisonCsvRoute,
  myProposals,
  payProposal,
  proposal,
  resubmitProposal,
  submitProposal,
  tenderProposals,
} from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { AppError, type Lang } from '../../errors.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { panelBlocksReading } from '../../lib/panel.ts';
import { type Side, sideOf } from '../../lib/sides.ts';
import { serve } from '../../route.ts';
import type { Started } from '../payments/index.ts';
import { ownedTender } from '../tenders/index.ts';
import { comparison as compare } from './comparison.ts';
import { comparisonCsv } from './comparison-csv.ts';
import { proposalOut, serializeProposals } from './serializers.ts';
import * as bids from './service.ts';

/**
 * The proposal routes (declared in shared/src/contracts/routes/proposals.ts, the tender owner's list and comparison
 * in tenders.ts and tender-decisions.ts): thin handlers (input, caller, the service, the answer); the rules are in
 * service.ts. Someone else's tender is refused before anything of it is read.
 */
export const proposalsModule: Module = (app, ctx) => {
  const db = ctx.database.db;

  /** The answer to a submission: the proposal as its bidder sees it, and the checkout when one is due. */
  async function submitted(
    q: Parameters<typeof proposalOut>[0],
    sent: bids.Sent,
    viewer: Side,
    l: Lang,
  ): Promise<ProposalSubmitted> {
    const proposal = await proposalOut(q, sent.id, viewer, l);
    return sent.payUrl ? { proposal, payUrl: sent.payUrl } : { proposal };
  }

  serve(app, ctx, submitProposal, async ({ auth, body, req, lang }) => {
    const key = idempotent(ctx, req, auth.user.id, 201, (tx, s: bids.Sent) =>
      submitted(tx, s, sideOf(auth), lang),
    );
    const sent = await bids.submitProposal(ctx, auth, body, key);
    return key ? (key.data as ProposalSubmitted) : submitted(db, sent, sideOf(auth), lang);
  });

  serve(app, ctx, resubmitProposal, async (input) => {
    const { auth, params, req, lang } = input;
    // Someone else's proposal is refused before its body is read.
    await bids.ownProposal(ctx, auth, params.id);
    const body = input.body;
    const key = idempotent(ctx, req, auth.user.id, 200, (tx, s: bids.Sent) =>
      submitted(tx, s, sideOf(auth), lang),
    );
    const sent = await bids.resubmitProposal(ctx, auth, params.id, body, key);
    return key ? (key.data as ProposalSubmitted) : submitted(db, sent, sideOf(auth), lang);
  });

  serve(app, ctx, myProposals, async ({ auth, lang }) =>
    serializeProposals(db, { side: sideOf(auth) }, sideOf(auth), lang),
  );

  serve(app, ctx, proposal, async ({ auth, params, lang }) => {
    await bids.readableProposal(ctx, auth, params.id);
    return proposalOut(db, params.id, sideOf(auth), lang);
  });

  serve(app, ctx, payProposal, async ({ auth, params, req }) => {
    const out = async (_q: unknown, s: Started) => ({ payUrl: s.payUrl, reference: s.payment.reference });
    const key = idempotent(ctx, req, auth.user.id, 200, out);
    const started = await bids.payAgain(ctx, auth, params.id, key);
    return key ? (key.data as Awaited<ReturnType<typeof out>>) : out(db, started);
  });

  serve(app, ctx, tenderProposals, async ({ auth, params, lang }) => {
    await ownedTender(ctx, auth, params.id);
    // An evaluator who has not signed the declaration finds none (each would answer as not found).
    if (await panelBlocksReading(db, params.id, auth.user.id)) return [];
    return serializeProposals(db, { tenderId: params.id }, sideOf(auth), lang);
  });

  serve(app, ctx, comparison, async ({ auth, params, query, lang }) =>
    compare(ctx, auth, params.id, query, lang),
  );

  serve(app, ctx, comparisonCsvRoute, async ({ auth, params, query, lang, reply }) => {
    const t = await ownedTender(ctx, auth, params.id);
    const cmp = await compare(ctx, auth, params.id, query, lang);
    // Before bid opening there is nothing to export but a count: refused rather than an empty file.
    if (cmp.sealed) throw new AppError('BIDS_NOT_OPENED');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${t.number}-comparison.csv"`)
      .send(comparisonCsv(cmp, lang));
  });
};
