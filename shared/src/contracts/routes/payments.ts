import { UuidParams } from '../common.ts';
import { CheckoutChoice, Payment, PaymentReferenceParams } from '../proposals.ts';
import { route } from './route.ts';

/** Payments of fees and bonds: the sandbox provider's checkout (a page and its form post) and my payment. */

export const sandboxCheckout = route({
  method: 'GET',
  path: '/payments/sandbox/checkout/:id',
  tag: 'payments',
  summary: 'Sandbox checkout page (HTML, no JavaScript)',
  access: 'public',
  params: UuidParams,
  produces: 'text/html',
});

export const completeSandboxCheckout = route({
  method: 'POST',
  path: '/payments/sandbox/checkout/:id',
  tag: 'payments',
  summary: 'Sandbox checkout result (form post); redirects to the site callback',
  access: 'public',
  params: UuidParams,
  body: CheckoutChoice,
  consumes: ['application/x-www-form-urlencoded'],
  status: 303,
});

export const payment = route({
  method: 'GET',
  path: '/payments/:reference',
  tag: 'payments',
  summary: 'My payment by reference (for the callback page)',
  access: 'signedIn',
  params: PaymentReferenceParams,
  response: Payment,
});
