import { Box, NativeSelect, Text, useSessionStore } from '@bawaba/shared';
import { call, switchCompany } from '@bawaba/shared/call';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

/**
 * The company the session acts for, in the top bar whenever the signed-in user belongs to one
 * (docs/decisions/0011-organisations.md): its name, or a choice among the user's companies. Choosing another asks
 * the API for a session in that company, stores it and reloads the page, so every open page's data is the new
 * company's.
 */
export function CompanySwitcher({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useLingui();
  const user = useSessionStore((s) => s.user);
  const signIn = useSessionStore((s) => s.signIn);
  const [switching, setSwitching] = useState(false);
  const companies = user?.companies ?? [];
  const active = companies.find((c) => c.id === user?.activeCompanyId);
  if (companies.length === 0) return null;
  if (companies.length === 1 && active) {
    return (
      <Text
        fontSize="sm"
        fontWeight="medium"
        // On a phone the top bar has room for a few letters only (the full name is its title and on the account
        // pages); wider, the name shows in full up to 10rem.
        maxW={{ base: '14', sm: '28', md: '40' }}
        truncate
        data-testid="active-company"
        title={t`Active company: ${active.name}`}
      >
        <bdi>{active.name}</bdi>
      </Text>
    );
  }
  const choose = async (companyId: number) => {
    setSwitching(true);
    try {
      const data = await call(switchCompany, { body: { companyId } });
      signIn(data.accessToken, data.user);
      reload();
    } catch {
      // The shell's error popup says why; the choice stays on the active company.
    } finally {
      setSwitching(false);
    }
  };
  return (
    <Box maxW={{ base: '20', sm: '32', md: '48' }}>
      <NativeSelect.Root size="sm" disabled={switching}>
        <NativeSelect.Field
          aria-label={t`Active company`}
          data-testid="company-switcher"
          value={active ? String(active.id) : ''}
          onChange={(e) => void choose(Number(e.currentTarget.value))}
        >
          {active ? null : <option value="">{t`Choose a company`}</option>}
          {companies.map((c) => (
            <option key={c.id} value={String(c.id)} dir="auto">
              {c.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  );
}
