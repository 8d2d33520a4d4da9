import type { Proposal, ResubmitProposalBody } from '@bawaba/shared/contracts';
import { toDateInput, toIsoTimestamp } from './proposal.ts';

/** The resubmit form's model: its values, the pre-fill from the current version, and the request body. */

/** The resubmit form as it holds values: empty numbers are undefined, dates yyyy-mm-dd. */
export interface ResubmitForm {
  attachment: string;
  offer_price: number | undefined;
  title: string;
  description: string;
  period: number | undefined;
  milestones: {
    title: string;
    description: string;
    amount: number | undefined;
    period: number | undefined;
    documents: string[];
    start_date: string;
    end_date: string;
    expected_completion_date: string;
  }[];
}

export const emptyResubmitMilestone = (): ResubmitForm['milestones'][number] => ({
  title: '',
  description: '',
  amount: undefined,
  period: undefined,
  documents: [],
  start_date: '',
  end_date: '',
  expected_completion_date: '',
});

/** Pre-fill from the proposal's current version (the bidder's own: its financial part is never sealed to them). */
export function resubmitDefaults(proposal: Proposal): ResubmitForm {
  const current = proposal.current;
  if (!current)
    return {
      attachment: '',
      offer_price: undefined,
      title: '',
      description: '',
      period: undefined,
      milestones: [emptyResubmitMilestone()],
    };
  return {
    attachment: current.attachment,
    offer_price: current.offer_price ?? undefined,
    title: current.title,
    description: current.description,
    period: current.period,
    milestones: current.milestones.length
      ? current.milestones.map((m) => ({
          title: m.title,
          description: m.description,
          amount: m.amount ?? undefined,
          period: m.period,
          documents: m.documents,
          start_date: toDateInput(m.start_date),
          end_date: toDateInput(m.end_date),
          expected_completion_date: toDateInput(m.expected_completion_date),
        }))
      : [emptyResubmitMilestone()],
  };
}

/** The body of PUT /proposals/:id from the form's values (numbers checked by the contract's resolver first). */
export function toResubmitPayload(values: ResubmitForm): ResubmitProposalBody {
  return {
    attachment: values.attachment,
    offer_price: values.offer_price as number,
    title: values.title.trim(),
    description: values.description.trim(),
    period: values.period as number,
    milestones: values.milestones.map((m) => ({
      title: m.title.trim(),
      description: m.description.trim(),
      amount: m.amount as number,
      ...(m.period === undefined ? {} : { period: m.period }),
      documents: m.documents,
      start_date: toIsoTimestamp(m.start_date),
      end_date: toIsoTimestamp(m.end_date),
      expected_completion_date: toIsoTimestamp(m.expected_completion_date),
    })),
  };
}
