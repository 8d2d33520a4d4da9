import {
  changePassword,
  forgotPassword,
  login,
  logout,
  myProfile,
  register,
  setPassword,
  startNavigation,
  updateMyProfile,
} from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { publicUser, sessionNavigation } from '../../lib/auth.ts';
import { clearNavigationCookie, setNavigationCookie } from '../../lib/navigation.ts';
import { serve } from '../../route.ts';
import * as account from './service.ts';
import { accountThrottle } from './throttle.ts';

/**
 * The account routes (declared in shared/src/contracts/routes/auth.ts): thin handlers (rate limits per IP here, per
 * account in the throttle); the rules are in service.ts.
 */
export const authModule: Module = (app, ctx) => {
  const rl = (max: number) => ({
    config: { rateLimit: { max, timeWindow: ctx.config.rateLimits.windowMs } },
  });
  account.prepareDummyHash();
  const perAccount = accountThrottle(
    ctx.limits,
    ctx.config.rateLimits.loginPerAccount ?? 5,
    ctx.config.rateLimits.windowMs,
  );
  const ok = { ok: true as const };

  serve(
    app,
    ctx,
    register,
    async ({ body, lang }) => {
      await account.register(ctx, body, lang);
      // The same answer whether or not the email was known.
      return ok;
    },
    rl(ctx.config.rateLimits.register),
  );

  serve(
    app,
    ctx,
    forgotPassword,
    async ({ body }) => {
      await account.forgotPassword(ctx, body);
      return ok;
    },
    rl(ctx.config.rateLimits.forgot),
  );

  serve(app, ctx, setPassword, async ({ body }) => account.setPassword(ctx, body));

  serve(
    app,
    ctx,
    login,
    async ({ body }) => account.login(ctx, perAccount, body),
    rl(ctx.config.rateLimits.login),
  );

  // Signing out ends the session (its navigation cookie with it) and removes the cookie from the browser.
  serve(app, ctx, logout, async ({ auth, reply }) => {
    await account.logout(ctx, auth);
    clearNavigationCookie(reply);
    return ok;
  });

  serve(app, ctx, startNavigation, async ({ auth, reply }) => {
    setNavigationCookie(reply, await sessionNavigation(ctx, auth));
    return ok;
  });

  serve(
    app,
    ctx,
    changePassword,
    async ({ auth, body }) => account.changePassword(ctx, auth, body),
    rl(ctx.config.rateLimits.login),
  );

  serve(app, ctx, myProfile, async ({ auth }) =>
    publicUser(ctx.database.db, auth.user, auth.company?.id ?? null),
  );

  serve(app, ctx, updateMyProfile, async ({ auth, body }) => account.updateProfile(ctx, auth, body));
};
