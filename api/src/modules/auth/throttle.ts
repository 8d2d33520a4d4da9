/**
 * Failed sign-ins per account, in this process: after `max` failures within the window every attempt on that
 * email is answered 429 — the right password too, or the 429 would tell a guesser when the password is right.
 * Unknown emails are counted the same way, so the answer does not reveal whether an account exists.
 * Keyed by a hash of the email; a success clears the count. (Per IP limits are @fastify/rate-limit's.)
 */
export function accountThrottle(max: number, windowMs: number) {
  const failures = new Map<string, { count: number; until: number }>();
  const now = () => Date.now();
  return {
    blocked(key: string): boolean {
      const f = failures.get(key);
      if (f && f.until <= now()) failures.delete(key);
      return (failures.get(key)?.count ?? 0) >= max;
    },
    fail(key: string) {
      const f = failures.get(key);
      if (f && f.until > now()) f.count++;
      else failures.set(key, { count: 1, until: now() + windowMs });
      // Bounded memory under a spray of random emails: forget the oldest entries.
      if (failures.size > 100_000) for (const k of [...failures.keys()].slice(0, 10_000)) failures.delete(k);
    },
    clear(key: string) {
      failures.delete(key);
    },
  };
}

export type AccountThrottle = ReturnType<typeof accountThrottle>;
