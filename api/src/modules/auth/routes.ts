import {
  AuthResponse,
  AuthUser,
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  Ok,
  RegisterBody,
  SetPasswordBody,
  UpdateProfileBody,
} from '@bawaba/shared/contracts';
import type { Module } from '../../context.ts';
import { lang, parse } from '../../http.ts';
import { publicUser, requireAuth } from '../../lib/auth.ts';
import { doc } from '../../openapi.ts';
import * as account from './service.ts';
import { accountThrottle } from './throttle.ts';

/** The account routes: thin handlers (rate limits per IP here, per account in the throttle); rules in service.ts. */
export const authModule: Module = (app, ctx) => {
  const rl = (max: number) => ({ rateLimit: { max, timeWindow: ctx.config.rateLimits.windowMs } });
  account.prepareDummyHash();
  const perAccount = accountThrottle(
    ctx.limits,
    ctx.config.rateLimits.loginPerAccount ?? 5,
    ctx.config.rateLimits.windowMs,
  );
  const ok = { data: { ok: true as const } };

  app.post(
    '/auth/register',
    {
      config: rl(ctx.config.rateLimits.register),
      schema: doc('auth', 'Register (sends a verification mail)', { body: RegisterBody, response: Ok }),
    },
    async (req) => {
      await account.register(ctx, parse(RegisterBody, req.body), lang(req));
      // The same answer whether or not the email was known.
      return ok;
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: rl(ctx.config.rateLimits.forgot),
      schema: doc('auth', 'Forgot password (mail with a set-password link)', {
        body: ForgotPasswordBody,
        response: Ok,
      }),
    },
    async (req) => {
      await account.forgotPassword(ctx, parse(ForgotPasswordBody, req.body));
      return ok;
    },
  );

  app.post(
    '/auth/set-password',
    {
      schema: doc('auth', 'Set a password with a mailed token', {
        response: AuthResponse,
        body: SetPasswordBody,
      }),
    },
    async (req) => ({ data: await account.setPassword(ctx, parse(SetPasswordBody, req.body)) }),
  );

  app.post(
    '/auth/login',
    {
      config: rl(ctx.config.rateLimits.login),
      schema: doc('auth', 'Sign in', { response: AuthResponse, body: LoginBody }),
    },
    async (req) => ({ data: await account.login(ctx, perAccount, parse(LoginBody, req.body)) }),
  );

  app.post(
    '/auth/logout',
    { schema: doc('auth', 'Sign out (revokes this session)', { response: Ok, auth: true }) },
    async (req) => {
      await account.logout(ctx, await requireAuth(ctx, req));
      return ok;
    },
  );

  app.post(
    '/auth/change-password',
    {
      config: rl(ctx.config.rateLimits.login),
      schema: doc('auth', 'Change password (revokes other sessions)', {
        body: ChangePasswordBody,
        response: AuthResponse,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      return { data: await account.changePassword(ctx, a, parse(ChangePasswordBody, req.body)) };
    },
  );

  app.get(
    '/users/me',
    { schema: doc('users', 'My profile', { response: AuthUser, auth: true }) },
    async (req) => {
      const a = await requireAuth(ctx, req);
      return { data: await publicUser(ctx.database.db, a.user) };
    },
  );

  app.patch(
    '/users/me',
    {
      schema: doc('users', 'Update my name and photo', {
        response: AuthUser,
        body: UpdateProfileBody,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      return { data: await account.updateProfile(ctx, a, parse(UpdateProfileBody, req.body)) };
    },
  );
};
