import type { Counters } from '../../lib/rate-limit.ts';

/**
 * Failed sign-ins per account, counted in the shared counters (lib/rate-limit.ts: the `rate_limits` table on
 * PostgreSQL, so every API process counts together; memory on PGlite): after `max` failures within the window every
 * attempt on that email is answered 429 — the right password too, or the 429 would tell a guesser when the password
 * is right. Unknown emails are counted the same way, so the answer does not reveal whether an account exists.
 * Keyed by a hash of the email. An attempt is counted when it starts (one upsert, which also says whether it may go
 * on), and a success clears the count: in sequence that is "max failures, then 429"; attempts running at the same
 * time (on any process) cannot all slip under the limit before their failures are counted. (Per IP limits are
 * @fastify/rate-limit's, over the same counters.)
 */
export function accountThrottle(counters: Counters, max: number, windowMs: number) {
  const keyOf = (account: string) => `acct:${account}`;
  return {
    /**
     * Counts an attempt on the account: `allowed` false when it is over the limit (answer 429, check nothing),
     * with the seconds until the window ends (the answer's Retry-After, as the per-IP limits send).
     */
    async attempt(account: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      const { current, ttl } = await counters.hit(keyOf(account), windowMs);
      return { allowed: current <= max, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    /** A successful sign-in: the account's failures are forgotten. */
    async clear(account: string): Promise<void> {
      await counters.clear(keyOf(account));
    },
  };
}

export type AccountThrottle = ReturnType<typeof accountThrottle>;
