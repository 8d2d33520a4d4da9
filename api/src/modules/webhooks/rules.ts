import type { Auth } from '../../lib/auth.ts';

/**
 * Who manages a company's webhooks: its administrators (the `admin` role), acting for it — the route's access rule
 * `company:admin` refuses anyone else before the service runs, and a platform administrator too (403: webhooks are
 * the company's own integration; the platform team does not set them up for it). The company in the path must be
 * the one the session acts for, and a subscription must be that company's: anything else is 404, as if it did not
 * exist. One rule for every action: the `can` of each subscription says so to the page.
 */
export function managesWebhooks(a: Auth, companyId: number): boolean {
  return a.company?.id === companyId && a.company.roles.includes('admin');
}

const WEBHOOK_ACTIONS = ['update', 'delete', 'rotate', 'test'] as const;

export const webhookCan = (a: Auth, companyId: number) => {
  const may = managesWebhooks(a, companyId);
  return Object.fromEntries(WEBHOOK_ACTIONS.map((action) => [action, may])) as Record<
    (typeof WEBHOOK_ACTIONS)[number],
    boolean
  >;
};
