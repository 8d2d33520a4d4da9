import { contact } from '@bawaba/shared/routes';
import type { Module } from '../context.ts';
import { serve } from '../route.ts';
import { readBoSetting } from './settings/index.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Contact us: the visitor's message goes by mail to the back-office address (GET /bo-setting's email),
 * through the same mailer as every other mail (SMTP, or the dev outbox). Rate-limited like the other
 * anonymous calls that send mail.
 */
export const contactModule: Module = (app, ctx) => {
  serve(
    app,
    ctx,
    contact,
    async ({ body }) => {
      const { email: backOffice } = await readBoSetting(ctx);
      const lines = [
        `From: ${body.name} <${body.email}>`,
        `Phone: ${body.phone}`,
        `Subject: ${body.subject}`,
        '',
        body.message,
      ];
      await ctx.mailer.send({
        to: backOffice,
        subject: `[Bawaba contact] ${body.subject}`,
        text: lines.join('\n'),
        html: `<p>${lines.slice(0, 3).map(esc).join('<br>')}</p><p style="white-space:pre-wrap">${esc(body.message)}</p>`,
      });
      return { ok: true as const };
    },
    {
      config: {
        rateLimit: { max: ctx.config.rateLimits.forgot, timeWindow: ctx.config.rateLimits.windowMs },
      },
    },
  );
};
