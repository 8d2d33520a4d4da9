import type { Module } from '../context.ts';
import { adsModule } from './ads/routes.ts';
import { auditModule } from './audit/routes.ts';
import { authModule } from './auth/routes.ts';
import { catalogModule } from './catalog/routes.ts';
import { companiesModule } from './companies/routes.ts';
import { contactModule } from './contact.ts';
import { contractBus, contractFromAward } from './contracts/index.ts';
import { contractsModule } from './contracts/routes.ts';
import { credentialsModule } from './credentials/routes.ts';
import { dashboardModule } from './dashboard/routes.ts';
import { filesModule } from './files/routes.ts';
import { alertFollowers } from './follows/index.ts';
import { followsModule } from './follows/routes.ts';
import { grantInvitedInterests, markOpened, sendHeldInvitations } from './invitations/index.ts';
import { invitationsModule } from './invitations/routes.ts';
import { membersModule } from './members/routes.ts';
import { notificationsModule } from './notifications/routes.ts';
import { queueRecordedContract, queueRecordedTender } from './open-data/index.ts';
import { openDataModule } from './open-data/routes.ts';
import { settleOnTenderEnd } from './payments/index.ts';
import { paymentsModule } from './payments/routes.ts';
import { proposalsModule } from './proposals/routes.ts';
import { ratingsModule } from './ratings/routes.ts';
import { requestsModule } from './requests/routes.ts';
import { settingsModule } from './settings/routes.ts';
import { tenderDecisionsModule } from './tenders/decision-routes.ts';
import { decisionStageModule } from './tenders/decision-stage-routes.ts';
import { tenderBus } from './tenders/index.ts';
import { panelModule } from './tenders/panel-routes.ts';
import { tendersModule } from './tenders/routes.ts';
import { usersModule } from './users/routes.ts';
import {
  webhooksOnContractRecorded,
  webhooksOnQuestionAsked,
  webhooksOnTenderRecorded,
} from './webhooks/index.ts';
import { webhooksModule } from './webhooks/routes.ts';

/**
 * How the domains react to each other, in one place: the tender domain publishes what happens to a tender and
 * imports none of the domains below (nor proposals or payments, which build on it). Handlers run in the order listed, inside the publisher's transaction where it
 * has one (lib/events.ts).
 */
tenderBus.on('tenderApproved', alertFollowers);
tenderBus.on('tenderApproved', sendHeldInvitations);
// A sent invitation keeps its invitee's right to bid once an open tender closes.
tenderBus.on('tenderAccessClosed', grantInvitedInterests);
tenderBus.on('tenderOpened', markOpened);
// What bidders paid is settled in the transaction that ends the tender.
tenderBus.on('tenderEnded', settleOnTenderEnd);
// The contract is made from the winning proposal in the transaction in which the award becomes final.
tenderBus.on('tenderEnded', contractFromAward);
// Open data: a tender whose history got a line, or whose contract's did, is queued for publishing in that
// transaction (modules/open-data/publisher.ts publishes it after the commit).
tenderBus.on('tenderRecorded', queueRecordedTender);
contractBus.on('contractRecorded', queueRecordedContract);
// Webhook deliveries are written in the transaction of what they announce (webhooks/events.ts).
tenderBus.on('tenderRecorded', webhooksOnTenderRecorded);
tenderBus.on('questionAsked', webhooksOnQuestionAsked);
contractBus.on('contractRecorded', webhooksOnContractRecorded);

/** Every domain's routes, registered by app.ts in this order. */
export const MODULES: Module[] = [
  authModule,
  catalogModule,
  companiesModule,
  credentialsModule,
  membersModule,
  requestsModule,
  filesModule,
  tendersModule,
  tenderDecisionsModule,
  decisionStageModule,
  panelModule,
  invitationsModule,
  proposalsModule,
  followsModule,
  paymentsModule,
  contractsModule,
  ratingsModule,
  notificationsModule,
  adsModule,
  dashboardModule,
  settingsModule,
  auditModule,
  usersModule,
  contactModule,
  openDataModule,
  webhooksModule,
];
