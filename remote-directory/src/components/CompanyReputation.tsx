import type { Reputation } from '@bawaba/shared/contracts';
import { lazy, Suspense } from 'react';
import { registerPagesTexts } from '../pages-catalog.ts';
import { hasReputation } from '../rules/reputation.ts';

const ReputationSummary = lazy(async () => {
  const [module] = await Promise.all([import('../pages/parts/ReputationSummary.tsx'), registerPagesTexts()]);
  return module;
});

/**
 * A company's reputation on Bawaba where it has one (contracts delivered, ratings received), fetched then with the
 * pages' texts: the directory's first page carries none of its code or texts.
 */
export function CompanyReputation({ reputation }: { reputation: Reputation | undefined }) {
  if (!hasReputation(reputation)) return null;
  return (
    <Suspense fallback={null}>
      <ReputationSummary reputation={reputation} />
    </Suspense>
  );
}
