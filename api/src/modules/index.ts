import type { Module } from '../context.ts';
import { adsModule } from './ads/routes.ts';
import { authModule } from './auth/routes.ts';
import { catalogModule } from './catalog.ts';
import { companiesModule } from './companies/routes.ts';
import { contactModule } from './contact.ts';
import { filesModule } from './files/routes.ts';
import { followsModule } from './follows/routes.ts';
import { invitationsModule } from './invitations/routes.ts';
import { notificationsModule } from './notifications/routes.ts';
import { paymentsModule } from './payments/routes.ts';
import { proposalsModule } from './proposals/routes.ts';
import { requestsModule } from './requests/routes.ts';
import { settingsModule } from './settings.ts';
import { tenderDecisionsModule } from './tenders/decision-routes.ts';
import { tendersModule } from './tenders/routes.ts';

export const MODULES: Module[] = [
  authModule,
  catalogModule,
  companiesModule,
  requestsModule,
  filesModule,
  tendersModule,
  tenderDecisionsModule,
  invitationsModule,
  proposalsModule,
  followsModule,
  paymentsModule,
  notificationsModule,
  adsModule,
  settingsModule,
  contactModule,
];
