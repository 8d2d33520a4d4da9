import {
  Box,
  Button,
  Link as ChakraLink,
  Container,
  confirmLogout,
  HStack,
  IconButton,
  Image,
  RouterLink as Link,
  MountOnceWanted,
  NavLink,
  requestSignIn,
  useNavigate,
  useSessionStore,
} from '@bawaba/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { BellButton } from '../notifications/BellButton.tsx';
import { CompanySwitcher } from './CompanySwitcher.tsx';
import { CalendarIcon, DEFAULT_AVATAR, LogoutIcon, MenuIcon } from './icons.tsx';
import { chooseLanguage } from './language-choice.ts';
import { SkipLink } from './SkipLink.tsx';

// Fetched when first needed, not with the first page: the sidebar when the menu is first
// opened, the bell's dropdown when someone first reaches for the bell. Their overlays (Drawer, Popover: Zag
// machines, focus trap, positioning) live in the lazy `@bawaba/shared/chakra-overlays`.
const SidebarDrawer = lazy(() => import('./SidebarDrawer.tsx').then((m) => ({ default: m.SidebarDrawer })));
const loadNotificationBell = () =>
  import('../notifications/NotificationBell.tsx').then((m) => ({ default: m.NotificationBell }));
const NotificationBell = lazy(loadNotificationBell);

/**
 * The bell: the plain button (icon and unread badge) until someone reaches for it — a pointer over it, the focus,
 * a touch or a click — then the dropdown's code is fetched and the bell with its dropdown takes its place (open at
 * once when it was a click, focused when the plain button had the focus). Signed-in pages no longer load the
 * overlays (≈ 90 KB before compression) and evaluate them before the first interaction.
 */
function LazyNotificationBell() {
  const [wanted, setWanted] = useState<{ open: boolean; focus: boolean } | null>(null);
  const want = (open: boolean, focus: boolean) => {
    void loadNotificationBell();
    setWanted((was) => (was && !open ? was : { open, focus }));
  };
  const plain = (
    <BellButton
      onPointerEnter={() => void loadNotificationBell()}
      onFocus={() => void loadNotificationBell()}
      onClick={(e) => want(true, e.currentTarget === document.activeElement)}
    />
  );
  if (!wanted) return plain;
  return (
    <Suspense fallback={plain}>
      <NotificationBell initialOpen={wanted.open} focus={wanted.focus} />
    </Suspense>
  );
}

const loadDisplaySettings = () => import('./DisplaySettings.tsx');
const DisplaySettings = lazy(() => loadDisplaySettings().then((m) => ({ default: m.DisplaySettings })));

/**
 * The "Numbers and dates" menu (digits, calendar order): fetched when someone first reaches for its button, like the
 * bell, so the first page carries only a placeholder of the button's size.
 */
function LazyDisplaySettings() {
  const { t } = useLingui();
  const [wanted, setWanted] = useState(false);
  const placeholder = (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={t`Numbers and dates`}
      data-testid="display-settings-button"
      // Small screens choose in the sidebar: the top bar has no room for one more button there.
      hideBelow="md"
      onPointerEnter={() => void loadDisplaySettings()}
      onFocus={() => void loadDisplaySettings()}
      onClick={() => setWanted(true)}
    >
      <CalendarIcon boxSize="5" />
    </IconButton>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DisplaySettings initialOpen />
    </Suspense>
  );
}

function useMainLinks() {
  const { t } = useLingui();
  return [
    { to: '/home', label: t`Home` },
    { to: '/service', label: t`Services` },
    { to: '/tender', label: t`Tenders` },
    { to: '/about', label: t`About` },
    { to: '/terms', label: t`Terms` },
  ];
}

/** Spec §2: the profile picture goes to /account/company-list for an admin, /account otherwise. */
function profileHref(user: { isAdmin: boolean }): string {
  return user.isAdmin ? '/account/company-list' : '/account';
}

function LanguageSwitch() {
  const language = useSessionStore((s) => s.language);
  const next = language === 'ar' ? 'en' : 'ar';
  return (
    <Button
      size="sm"
      variant="outline"
      data-testid="language-switch"
      lang={next}
      onClick={() => void chooseLanguage(next).catch(() => undefined)}
    >
      {language === 'ar' ? 'English' : 'العربية'}
    </Button>
  );
}

function UserArea() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const token = useSessionStore((s) => s.token);
  if (!token) {
    return (
      <Button size="sm" colorPalette="brand" data-testid="login-button" onClick={() => void requestSignIn()}>
        <Trans>Login</Trans>
      </Button>
    );
  }
  const photo = user?.imageUrl || null;
  return (
    <HStack gap="1">
      <CompanySwitcher />
      <LazyNotificationBell />
      <ChakraLink asChild borderRadius="full" data-testid="profile-link">
        <Link to={profileHref(user ?? { isAdmin: false })} aria-label={t`My account`}>
          <Image
            src={photo ?? DEFAULT_AVATAR}
            alt={user?.name ?? t`My account`}
            data-default-avatar={photo ? undefined : 'true'}
            boxSize="9"
            borderRadius="full"
            objectFit="cover"
            borderWidth="1px"
          />
        </Link>
      </ChakraLink>
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={t`Log out`}
        data-testid="logout-button"
        onClick={async () => {
          if (await confirmLogout()) navigate('/home');
        }}
      >
        <LogoutIcon boxSize="5" _rtl={{ transform: 'scaleX(-1)' }} />
      </IconButton>
    </HStack>
  );
}

/**
 * The top bar (docs/product-spec.md §2 Shell): brand, the five links, the menu toggle with its sidebar (closes on a link or
 * the overlay), the language switch, then the bell + profile picture when signed in, or the login button.
 */
export function TopBar() {
  const { t } = useLingui();
  const links = useMainLinks();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg.panel" position="sticky" top="0" zIndex="sticky">
      <SkipLink />
      <Container maxW="7xl" py="3">
        <HStack justify="space-between" gap="4">
          <HStack gap="2">
            <IconButton
              variant="ghost"
              size="sm"
              hideFrom="lg"
              aria-label={t`Open menu`}
              aria-expanded={sidebarOpen}
              data-testid="menu-toggle"
              onClick={() => setSidebarOpen((open) => !open)}
            >
              <MenuIcon boxSize="5" />
            </IconButton>
            <HStack as="nav" aria-label={t`Main`} gap="5">
              <ChakraLink asChild fontWeight="bold" fontSize="lg" color="brand.fg">
                <NavLink to="/home">{t`Bawaba`}</NavLink>
              </ChakraLink>
              {links.map((link) => (
                <ChakraLink
                  key={link.to}
                  asChild
                  hideBelow="lg"
                  css={{
                    '&[aria-current=page]': { color: 'var(--chakra-colors-brand-fg)', fontWeight: 600 },
                  }}
                >
                  <NavLink to={link.to}>{link.label}</NavLink>
                </ChakraLink>
              ))}
            </HStack>
          </HStack>
          <HStack gap="3">
            <LazyDisplaySettings />
            <LanguageSwitch />
            <UserArea />
          </HStack>
        </HStack>
      </Container>
      <MountOnceWanted wanted={sidebarOpen}>
        <SidebarDrawer links={links} open={sidebarOpen} onOpenChange={setSidebarOpen} />
      </MountOnceWanted>
    </Box>
  );
}
