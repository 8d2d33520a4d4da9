import { Box, HTTPError, intlLocale, SimpleGrid, Text, useLoad, useSessionStore } from '@bawaba/shared';
import { refusalMessageOf } from '@bawaba/shared/call';
import type { Dashboard } from '@bawaba/shared/contracts';
import { LoadFailed, Loading, PageTitle } from '@bawaba/shared/kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '../../api.ts';
import { ChartCard } from './ChartCard.tsx';
import { dashboardCharts, type LabelFormat } from './charts-model.ts';

/**
 * /account/dashboard — how the marketplace is doing (platform admins) or how the active company's tenders are doing
 * (its buyers and administrators). The API decides the scope from the session and answers only the measures that
 * scope has; this page shows what it answered (docs/product-decisions.md, "Dashboard").
 */
/**
 * The dashboard, or the API's reason for not showing it to this session (no active company, no buyer or
 * administrator role): a refusal is an answer to show, not a failure to retry.
 */
type Answer = { dashboard: Dashboard } | { refused: string | null };
const loadDashboard = (): Promise<Answer> =>
  api.dashboard().then(
    (dashboard) => ({ dashboard }),
    async (error: unknown) => {
      // The call is silent (the page shows its outcome); a 401 or 403 still reaches the shell, which signs out.
      const message = await refusalMessageOf(error);
      if (error instanceof HTTPError && [403, 409].includes(error.response.status))
        return { refused: message };
      throw error;
    },
  );

export default function DashboardPage() {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const user = useSessionStore((s) => s.user);
  const answer = useLoad(`dashboard:${language}:${user?.activeCompanyId ?? ''}`, loadDashboard);
  const locale = intlLocale(language);
  const number = new Intl.NumberFormat(locale);
  const month = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const week = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const format: LabelFormat = {
    number: (n) => number.format(n),
    month: (day) => month.format(new Date(`${day}T00:00:00Z`)),
    week: (day) => week.format(new Date(`${day}T00:00:00Z`)),
  };
  const d = answer.data && 'dashboard' in answer.data ? answer.data.dashboard : undefined;
  const refused = answer.data && 'refused' in answer.data ? answer.data.refused : undefined;
  return (
    <Box data-testid="account-page-dashboard">
      <PageTitle>
        <Trans>Dashboard</Trans>
      </PageTitle>
      {answer.loading && !answer.data ? (
        <Loading />
      ) : answer.failed && !answer.data ? (
        <LoadFailed onRetry={answer.reload} />
      ) : refused !== undefined ? (
        <Text role="status" data-testid="dashboard-refused">
          {refused ?? <Trans>The dashboard is not available to you.</Trans>}
        </Text>
      ) : d ? (
        <>
          <Text color="fg.muted" mb="2" data-testid="dashboard-scope">
            {d.scope === 'marketplace' ? (
              <Trans>The whole marketplace.</Trans>
            ) : (
              <Trans>Your company's tenders.</Trans>
            )}
          </Text>
          <Text mb="6" data-testid="dashboard-medians">
            {d.proposalsPerTender.median === null
              ? t`No published tenders yet.`
              : t`Median proposals per tender: ${format.number(d.proposalsPerTender.median)} (over ${format.number(d.proposalsPerTender.tenders)} published tenders).`}{' '}
            {d.publishToAward.medianDays === null
              ? t`No awarded tenders yet.`
              : t`Median time from publication to award: ${format.number(d.publishToAward.medianDays)} days (over ${format.number(d.publishToAward.awarded)} awarded tenders).`}
          </Text>
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
            {dashboardCharts(d, format).map((model) => (
              <ChartCard key={model.id} model={model} format={format.number} />
            ))}
          </SimpleGrid>
        </>
      ) : null}
    </Box>
  );
}
