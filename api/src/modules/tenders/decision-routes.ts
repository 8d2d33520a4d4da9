import {
  Amendment,
  AmendmentBody,
  AnswerBody,
  AwardBody,
  Clarification,
  ClarificationParams,
  Comparison,
  ComparisonQuery,
  EvaluationBody,
  IdParams,
  Ok,
  OutcomeReasonBody,
  QuestionBody,
  Tender,
  TenderEvent,
  TenderProposalParams,
} from '@bawaba/shared/contracts';
import * as v from 'valibot';
import type { Module } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { lang, parse } from '../../http.ts';
import { optionalAuth, requireAuth, requireNonAdmin } from '../../lib/auth.ts';
import { doc } from '../../openapi.ts';
import { comparisonCsv } from './comparison-csv.ts';
import * as decisions from './decisions.ts';
import { tenderOut } from './serializers.ts';
import { ownedTender } from './service.ts';

/**
 * The routes that take a tender to a decision (docs: api/README.md "Tender lifecycle"): thin handlers; the rules
 * are in decisions.ts and the state machine in lifecycle.ts.
 */
export const tenderDecisionsModule: Module = (app, ctx) => {
  app.get(
    '/tenders/:id/clarifications',
    {
      schema: doc(
        'tender decisions',
        'Questions and answers (answered: everyone; unanswered: owner and asker)',
        {
          response: v.array(Clarification),
          params: IdParams,
          auth: 'optional',
        },
      ),
    },
    async (req) => {
      const { id } = parse(IdParams, req.params);
      const a = await optionalAuth(ctx, req);
      return { data: await decisions.listClarifications(ctx, a, id) };
    },
  );

  app.post(
    '/tenders/:id/clarifications',
    {
      schema: doc('tender decisions', 'Ask a question (published tender, before its clarification cut-off)', {
        response: Clarification,
        status: 201,
        params: IdParams,
        body: QuestionBody,
        auth: true,
        errors: [409],
      }),
    },
    async (req, reply) => {
      const a = await requireNonAdmin(ctx, req);
      const { id } = parse(IdParams, req.params);
      const { question } = parse(QuestionBody, req.body);
      const row = await decisions.askQuestion(ctx, a, id, question);
      return reply.code(201).send({ data: decisions.clarificationOut(row, a.user.id) });
    },
  );

  app.post(
    '/tenders/:id/clarifications/:clarificationId/answer',
    {
      schema: doc(
        'tender decisions',
        'Answer a question on my tender (published with the answer, asker unnamed)',
        {
          response: Clarification,
          params: ClarificationParams,
          body: AnswerBody,
          auth: true,
          errors: [409],
        },
      ),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id, clarificationId } = parse(ClarificationParams, req.params);
      await ownedTender(ctx, a, id);
      const { answer } = parse(AnswerBody, req.body);
      const row = await decisions.answerQuestion(ctx, a, id, clarificationId, answer);
      return { data: decisions.clarificationOut(row, a.user.id) };
    },
  );

  app.get(
    '/tenders/:id/amendments',
    {
      schema: doc('tender decisions', 'The amendment history, newest first', {
        response: v.array(Amendment),
        params: IdParams,
        auth: 'optional',
      }),
    },
    async (req) => {
      const { id } = parse(IdParams, req.params);
      const a = await optionalAuth(ctx, req);
      return { data: await decisions.listAmendments(ctx, a, id) };
    },
  );

  app.post(
    '/tenders/:id/amendments',
    {
      schema: doc('tender decisions', 'Amend my published tender (numbered; may push the deadline)', {
        response: Amendment,
        status: 201,
        params: IdParams,
        body: AmendmentBody,
        auth: true,
        errors: [409],
      }),
    },
    async (req, reply) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      await ownedTender(ctx, a, id);
      const body = parse(AmendmentBody, req.body);
      return reply.code(201).send({ data: await decisions.amendTender(ctx, a, id, body) });
    },
  );

  app.get(
    '/tenders/:id/comparison',
    {
      schema: doc(
        'tender decisions',
        'Compare the proposals on my tender (only the count before the deadline)',
        {
          response: Comparison,
          params: IdParams,
          query: ComparisonQuery,
          auth: true,
        },
      ),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      const q = parse(ComparisonQuery, req.query);
      return { data: await decisions.comparison(ctx, a, id, q) };
    },
  );

  app.get(
    '/tenders/:id/comparison.csv',
    {
      schema: doc('tender decisions', 'The comparison as CSV (after the deadline)', {
        params: IdParams,
        query: ComparisonQuery,
        auth: true,
        produces: 'text/csv',
        errors: [409],
      }),
    },
    async (req, reply) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      const q = parse(ComparisonQuery, req.query);
      const t = await ownedTender(ctx, a, id);
      const cmp = await decisions.comparison(ctx, a, id, q);
      // Before bid opening there is nothing to export but a count: refused rather than an empty file.
      if (cmp.sealed) throw new AppError('BIDS_NOT_OPENED');
      const csv = comparisonCsv(cmp, lang(req));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${t.number}-comparison.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/tenders/:id/proposals/:proposalId/evaluation',
    {
      schema: doc('tender decisions', 'Shortlist a proposal or mark it not responsive (after bid opening)', {
        response: Ok,
        params: TenderProposalParams,
        body: EvaluationBody,
        auth: true,
        errors: [409],
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id, proposalId } = parse(TenderProposalParams, req.params);
      await ownedTender(ctx, a, id);
      await decisions.evaluateProposal(ctx, a, id, proposalId, parse(EvaluationBody, req.body));
      return { data: { ok: true as const } };
    },
  );

  const ending = [
    ['award', 'Award one proposal (after bid opening)', AwardBody],
    ['no-award', 'Close without award (after bid opening), with a reason', OutcomeReasonBody],
    ['cancel', 'Cancel my published tender, with a reason', OutcomeReasonBody],
  ] as const;
  for (const [path, summary, body] of ending) {
    app.post(
      `/tenders/:id/${path}`,
      {
        schema: doc('tender decisions', summary, {
          response: Tender,
          params: IdParams,
          body,
          auth: true,
          errors: [409],
        }),
      },
      async (req) => {
        const a = await requireAuth(ctx, req);
        const { id } = parse(IdParams, req.params);
        await ownedTender(ctx, a, id);
        const row =
          path === 'award'
            ? await decisions.awardTender(ctx, a, id, parse(AwardBody, req.body))
            : path === 'cancel'
              ? await decisions.cancelTender(ctx, a, id, parse(OutcomeReasonBody, req.body).reason)
              : await decisions.endWithoutAward(ctx, a, id, parse(OutcomeReasonBody, req.body).reason);
        return { data: await tenderOut(ctx, row, lang(req), a.user) };
      },
    );
  }

  app.get(
    '/tenders/:id/history',
    {
      schema: doc('tender decisions', 'The audit trail of my tender (owner and admins)', {
        response: v.array(TenderEvent),
        params: IdParams,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      return { data: await decisions.history(ctx, a, id) };
    },
  );
};
