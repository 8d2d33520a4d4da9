import {
  Avatar,
  Box,
  Button,
  confirmLogout,
  Flex,
  NativeSelect,
  Navigate,
  NavLink,
  Outlet,
  Stack,
  Text,
  useLocation,
  useNavigate,
  useSessionStore,
} from '@bawaba/shared';
import { Loading } from '@bawaba/shared/kit';
import { mayOpen, type PageAccess } from '@bawaba/shared/pages';
import { PageReady } from '@bawaba/shared/render';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, Suspense } from 'react';
import { accountPath, landingFor, menuFor } from '../rules/menu.ts';
import { AccountProfileContext, useProfileOfVisit } from './account-profile.ts';
import { RejectionPrompt } from './RejectionPrompt.tsx';

/** Ask, end the session (server and store), go home (docs/product-spec.md §4 login state, §8 confirmation). */
function useLogout() {
  const navigate = useNavigate();
  return async () => {
    if (await confirmLogout()) navigate('/home', { replace: true });
  };
}

/** The profile photo (default avatar when none) and the name: the company's when the user has one. */
function ProfileCard() {
  const user = useSessionStore((s) => s.user);
  const displayName = user?.companyName || user?.name || '';
  // The company's name is in the language it was written in; a person's name has its own direction.
  const nameLang =
    user?.companyName && user.companyNameLang ? textLangProps(user.companyNameLang) : { dir: 'auto' };
  return (
    <Stack align="center" gap="2" py="4" data-testid="account-profile-card">
      <Avatar.Root size="2xl" colorPalette="brand">
        {user?.imageUrl ? (
          <Avatar.Image src={user.imageUrl} alt="" data-testid="account-avatar-image" />
        ) : null}
        <Avatar.Fallback data-testid="account-avatar-default" />
      </Avatar.Root>
      <Text {...nameLang} fontWeight="semibold" textAlign="center" data-testid="account-display-name">
        {displayName}
      </Text>
      {user?.companyName && user.name !== user.companyName ? (
        <Text dir="auto" fontSize="sm" color="fg.muted">
          {user.name}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The user's roles in their active company (none without one). */
const NO_ROLES: readonly string[] = [];
export function useCompanyRoles(): readonly string[] {
  return useSessionStore(
    (s) => s.user?.companies?.find((c) => c.id === s.user?.activeCompanyId)?.roles ?? NO_ROLES,
  );
}

function SideMenu({ onLogout }: { onLogout: () => void }) {
  const { i18n } = useLingui();
  const isAdmin = useSessionStore((s) => Boolean(s.user?.isAdmin));
  const roles = useCompanyRoles();
  return (
    <Stack as="ul" listStyleType="none" gap="1" m="0" p="0">
      {menuFor(isAdmin, roles).map((item) => (
        <Box as="li" key={item.path}>
          <Button
            asChild
            variant="ghost"
            width="full"
            justifyContent="flex-start"
            css={{
              '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' },
            }}
          >
            <NavLink to={accountPath(item.path)} end data-testid={`account-menu-${item.path || 'profile'}`}>
              {i18n._(item.label)}
            </NavLink>
          </Button>
        </Box>
      ))}
      <Box as="li">
        <Button
          variant="ghost"
          colorPalette="red"
          width="full"
          justifyContent="flex-start"
          onClick={onLogout}
          data-testid="account-menu-logout"
        >
          <Trans>Logout</Trans>
        </Button>
      </Box>
    </Stack>
  );
}

/** On small screens the menu collapses into one select (same items, same order, Logout last). */
function MobileMenu({ onLogout }: { onLogout: () => void }) {
  const { i18n, t } = useLingui();
  const isAdmin = useSessionStore((s) => Boolean(s.user?.isAdmin));
  const roles = useCompanyRoles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = pathname.replace(/\/+$/, '');
  return (
    <NativeSelect.Root size="md">
      <NativeSelect.Field
        aria-label={t`Account menu`}
        data-testid="account-mobile-menu"
        value={current}
        onChange={(e) => {
          if (e.currentTarget.value === 'logout') onLogout();
          else navigate(e.currentTarget.value);
        }}
      >
        {menuFor(isAdmin, roles).map((item) => (
          <option key={item.path} value={accountPath(item.path)}>
            {i18n._(item.label)}
          </option>
        ))}
        <option value="logout">{t`Logout`}</option>
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** /account: side menu with the profile card, and the sub-page. */
export function AccountLayout() {
  const { t } = useLingui();
  const logout = useLogout();
  // The profile from the server once per visit: the stored user (name, photo, company name) is refreshed with it, and
  // the pages that need more of it share it.
  const profile = useProfileOfVisit();

  return (
    <AccountProfileContext.Provider value={profile}>
      <Flex direction={{ base: 'column', md: 'row' }} gap="6" align="stretch" data-testid="account-layout">
        <Box
          as="aside"
          aria-label={t`Account`}
          flexShrink={0}
          width={{ base: 'full', md: '64' }}
          borderWidth="1px"
          borderRadius="lg"
          p="3"
          bg="bg.panel"
          alignSelf="flex-start"
        >
          <ProfileCard />
          <Box hideBelow="md" as="nav" aria-label={t`Account menu`} data-testid="account-menu">
            <SideMenu onLogout={() => void logout()} />
          </Box>
          <Box hideFrom="md">
            <MobileMenu onLogout={() => void logout()} />
          </Box>
        </Box>
        <RejectionPrompt />
        <Box flex="1" minW="0">
          <Suspense fallback={<Loading />}>
            <Outlet />
            <PageReady />
          </Suspense>
        </Box>
      </Flex>
    </AccountProfileContext.Provider>
  );
}

/** A sub-page only for its audience; anyone else goes to their own landing page (docs/product-spec.md §6). */
export function RoleGate({ access, children }: { access: PageAccess; children: ReactNode }) {
  const user = useSessionStore((s) => s.user);
  if (!mayOpen(access, user)) return <Navigate to={landingFor(user)} replace />;
  return children;
}

/** Unknown sub-paths go to the role's landing page. */
export function ToLanding() {
  const user = useSessionStore((s) => s.user);
  return <Navigate to={landingFor(user)} replace />;
}
