import { adminUser, adminUsers, resendVerification, restoreUser, suspendUser } from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { paged } from '../../http.ts';
import { serve } from '../../route.ts';
import { userOut, usersOut } from './serializers.ts';
import * as people from './service.ts';

/** The people administration's routes (declared in shared/src/contracts/routes/admin-users.ts); rules in service.ts. */
export const usersModule: Module = (app, ctx) => {
  const db = ctx.database.db;

  serve(app, ctx, adminUsers, async ({ query, lang }) => {
    const { rows, total } = await people.listUsers(ctx, query);
    return paged(await usersOut(db, rows, lang), total, query.limit);
  });

  serve(app, ctx, adminUser, async ({ auth, params, lang }) =>
    userOut(db, auth, await people.findUser(ctx, params.id), lang),
  );

  serve(app, ctx, suspendUser, async ({ auth, params, body, lang }) =>
    userOut(db, auth, await people.suspendUser(ctx, auth, params.id, body.reason), lang),
  );

  serve(app, ctx, restoreUser, async ({ auth, params, body, lang }) =>
    userOut(db, auth, await people.restoreUser(ctx, auth, params.id, body.reason), lang),
  );

  serve(app, ctx, resendVerification, async ({ auth, params }) => {
    await people.resendVerification(ctx, auth, params.id);
    return { ok: true as const };
  });
};
