import { useSessionStore } from '@bawaba/shared';
import { Empty } from '@bawaba/shared/kit';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useCompanyRoles } from './AccountLayout.tsx';

/**
 * A page of the active company's administrators (the API refuses everyone else, and the menu offers it to them
 * only): a person acting for no company, or a member without the role, who opens it by its address is told so and
 * nothing is asked — a refusal would be an error popup on a page they were allowed to open.
 */
export function CompanyAdminsOnly({
  refusal,
  children,
}: {
  /** What the page says instead, e.g. "Only your company's administrators manage its webhooks". */
  refusal: ReactNode;
  children: (companyId: number) => ReactNode;
}) {
  const companyId = useSessionStore((s) => s.user?.activeCompanyId ?? null);
  const isCompanyAdmin = useCompanyRoles().includes('admin');
  if (companyId === null || !isCompanyAdmin)
    return (
      <Empty
        title={refusal}
        description={<Trans>Ask an administrator of your company to add you to its administrators.</Trans>}
      />
    );
  return children(companyId);
}
