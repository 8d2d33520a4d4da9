import type { WebhookDeliveryStatus, WebhookEventGroup, WebhookEventType } from '@bawaba/shared/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const GROUP_LABELS: Record<WebhookEventGroup, MessageDescriptor> = {
  owner: msg`As a tender owner`,
  bidder: msg`As a bidder`,
  contract: msg`As a contract party`,
};

/** Each event's name and what it tells, in one line (the payloads: docs/api/webhooks.md). */
export const EVENT_LABELS: Record<WebhookEventType, { label: MessageDescriptor; hint: MessageDescriptor }> = {
  'tender.question_asked': {
    label: msg`Question asked`,
    hint: msg`A bidder asked a question on one of your tenders.`,
  },
  'tender.bids_opened': {
    label: msg`Proposals opened`,
    hint: msg`The deadline of your tender passed: the proposals it received.`,
  },
  'tender.awarded': {
    label: msg`Tender awarded`,
    hint: msg`The award of your tender became final.`,
  },
  'proposal.outcome': {
    label: msg`Proposal outcome`,
    hint: msg`The award of a tender you bid on became final: whether you won.`,
  },
  'tender.amended': {
    label: msg`Tender amended`,
    hint: msg`A tender you bid on or are interested in was amended.`,
  },
  'tender.answered': {
    label: msg`Question answered`,
    hint: msg`A question on a tender you follow was answered publicly.`,
  },
  'contract.created': {
    label: msg`Contract created`,
    hint: msg`A contract was made from an award, with you as a party.`,
  },
  'contract.accepted': {
    label: msg`Contract accepted`,
    hint: msg`One side of your contract accepted it.`,
  },
  'contract.activated': {
    label: msg`Contract active`,
    hint: msg`Both sides accepted your contract: it is in force.`,
  },
  'contract.milestone_submitted': {
    label: msg`Milestone submitted`,
    hint: msg`The supplier submitted a milestone for acceptance.`,
  },
  'contract.milestone_changes_requested': {
    label: msg`Milestone changes requested`,
    hint: msg`The buyer asked for changes to a submitted milestone.`,
  },
  'contract.milestone_accepted': {
    label: msg`Milestone accepted`,
    hint: msg`The buyer accepted a milestone.`,
  },
  'contract.milestone_paid': {
    label: msg`Milestone paid`,
    hint: msg`An accepted milestone was paid.`,
  },
  'contract.variation': {
    label: msg`Contract variation`,
    hint: msg`A variation was proposed, accepted, rejected or withdrawn.`,
  },
  'contract.completed': {
    label: msg`Contract completed`,
    hint: msg`The last milestone was accepted: the contract is complete.`,
  },
  'contract.terminated': {
    label: msg`Contract terminated`,
    hint: msg`One side terminated the contract.`,
  },
  'webhook.test': {
    label: msg`Test event`,
    hint: msg`Sent when you ask for it, to check your endpoint.`,
  },
};

export const STATUS_LABELS: Record<WebhookDeliveryStatus, { label: MessageDescriptor; palette: string }> = {
  pending: { label: msg`Waiting`, palette: 'gray' },
  delivered: { label: msg`Delivered`, palette: 'green' },
  retrying: { label: msg`Retrying`, palette: 'orange' },
  given_up: { label: msg`Given up`, palette: 'red' },
};
