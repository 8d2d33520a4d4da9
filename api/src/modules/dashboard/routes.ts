import { dashboard } from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { serve } from '../../route.ts';
import { dashboardOf, viewOf } from './service.ts';

/** The dashboard route (shared/src/contracts/routes/dashboard.ts): the session decides the scope (service.ts). */
export const dashboardModule: Module = (app, ctx) => {
  serve(app, ctx, dashboard, async ({ auth, lang }) => dashboardOf(ctx, viewOf(auth), lang));
};
