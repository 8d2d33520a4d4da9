import {
  adminCredentials,
  myCredentials,
  rejectCredential,
  uploadCredential,
  verifyCredential,
} from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { serve } from '../../route.ts';
import { credentialsByStatus } from './queries.ts';
import { adminCredentialOut, credentialOut } from './serializers.ts';
import * as credentials from './service.ts';
import { scheduleCredentialSweep } from './sweep.ts';

/** The credential routes (shared/src/contracts/routes/credentials.ts): thin handlers; the rules are in service.ts. */
export const credentialsModule: Module = (app, ctx) => {
  serve(app, ctx, myCredentials, async ({ auth }) =>
    (await credentials.myCredentials(ctx, auth)).map((c) => credentialOut(ctx.apiUrl, c)),
  );

  serve(app, ctx, uploadCredential, async ({ auth, body }) =>
    credentialOut(ctx.apiUrl, await credentials.uploadCredential(ctx, auth, body)),
  );

  serve(app, ctx, adminCredentials, async ({ query, lang }) =>
    (await credentialsByStatus(ctx.database.db, query.status)).map((c) =>
      adminCredentialOut(ctx.apiUrl, lang, c),
    ),
  );

  serve(app, ctx, verifyCredential, async ({ auth, params, lang }) =>
    adminCredentialOut(
      ctx.apiUrl,
      lang,
      await credentials.decideCredential(ctx, auth, params.id, 'verify', null),
    ),
  );

  serve(app, ctx, rejectCredential, async ({ auth, params, body, lang }) =>
    adminCredentialOut(
      ctx.apiUrl,
      lang,
      await credentials.decideCredential(ctx, auth, params.id, 'reject', body.reason),
    ),
  );

  // Expiry and reminders, hourly in every process (sweep.ts).
  const sweep = scheduleCredentialSweep(ctx);
  app.addHook('onClose', async () => sweep.stop());
};
