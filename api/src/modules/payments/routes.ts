import { completeSandboxCheckout, payment, sandboxCheckout } from '@bawaba/shared/routes';
import { directionOf, formatMoney, inLanguage } from '@bawaba/shared/rules';
import type { Module } from '../../context.ts';
import { ERRORS, type ErrorCode } from '../../errors.ts';
import { serve } from '../../route.ts';
import { paymentOut } from './serializers.ts';
import { checkoutOf, completeCheckout, payerPayment, paymentRefusal } from './service.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Why this payment cannot be made, in both languages (the checkout does not know the payer's site language). */
const refusal = (code: ErrorCode) =>
  `<p class="refused" role="alert" lang="en" dir="ltr">${esc(ERRORS[code].en)}</p>
<p class="refused" role="alert" lang="ar" dir="rtl">${esc(ERRORS[code].ar)}</p>`;
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export const paymentsModule: Module = (app, ctx) => {
  const callback = (status: string, reference: string) =>
    ctx.site(
      `/callback?status=${status === 'paid' ? 'Paid' : 'Failed'}&reference=${encodeURIComponent(reference)}`,
    );

  serve(app, ctx, sandboxCheckout, async ({ params, reply }) => {
    const { p, t } = await checkoutOf(ctx, params.id);
    // The page is in English (lang="en"): its amount as English writes money everywhere ("USD 150,100.00").
    const amount = formatMoney(p.amount, 'en', p.currency);
    // The page is English: the tender's English title, else its Arabic one marked as such.
    const title = inLanguage('en', t.titleEn, t.titleAr);
    const refused = p.status === 'paid' ? null : paymentRefusal(t);
    const body = refused
      ? // Nothing to try again: back to the proposals, not to the callback's "please try again".
        `${refusal(refused)}<p><a href="${esc(ctx.site('/account/submitted-proposals'))}">My proposals · <span lang="ar" dir="rtl">عروضي</span></a></p>`
      : p.status === 'pending'
        ? `<form method="post"><input type="hidden" name="action" value="pay"><button class="pay" type="submit">Pay ${esc(amount)}</button></form>
<form method="post"><input type="hidden" name="action" value="decline"><button class="decline" type="submit">Decline</button></form>`
        : `<p>This payment is already ${esc(p.status)}.</p><p><a href="${esc(callback(p.status, p.reference))}">Continue</a></p>`;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', CSP)
      .header('cache-control', 'no-store')
      .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Bawaba sandbox checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a202c}
.card{border:1px solid #e2e8f0;border-radius:12px;padding:1.5rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
form{display:inline-block;margin:1rem .5rem 0 0}button{font-size:1rem;padding:.6rem 1.4rem;border-radius:8px;border:0;cursor:pointer}
.pay{background:#2f855a;color:#fff}.refused{color:#9b2c2c;font-weight:600}.decline{background:#edf2f7;color:#1a202c}.muted{color:#718096;font-size:.9rem}</style></head>
<body><div class="card"><p class="muted">Sandbox payment — no real money moves</p>
<h1>Tender participation payment</h1>
<p>${esc(t.number)} — <span lang="${title.lang}" dir="${directionOf(title.lang)}">${esc(title.text)}</span></p>
<p class="amount">${esc(amount)}</p>
<p class="muted">Reference ${esc(p.reference)}</p>
${body}</div></body></html>`);
  });

  serve(app, ctx, completeSandboxCheckout, async ({ params, body, reply }) => {
    const { id } = params;
    const { action } = body;
    const { payment: p, refused } = await completeCheckout(ctx, id, action === 'pay' ? 'paid' : 'failed');
    // Refused (the tender no longer takes money): back to the checkout, which says why.
    const to = refused && action === 'pay' ? ctx.apiUrl(`/payments/sandbox/checkout/${p.id}`) : null;
    return reply
      .code(303)
      .header('location', to ?? callback(p.status, p.reference))
      .send();
  });

  serve(app, ctx, payment, async ({ auth, params, lang }) => {
    const { p, t } = await payerPayment(ctx, auth.user.id, params.reference);
    return paymentOut(p, t, lang);
  });
};
