import {
  activateLanguage,
  Box,
  Button,
  Link as ChakraLink,
  Container,
  confirmLogout,
  Drawer,
  HStack,
  IconButton,
  Image,
  RouterLink as Link,
  NavLink,
  Portal,
  requestSignIn,
  Stack,
  useNavigate,
  useSessionStore,
} from '@bawaba/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import { DEFAULT_AVATAR, LogoutIcon, MenuIcon } from './icons.tsx';
import { SkipLink } from './SkipLink.tsx';

export function useMainLinks() {
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
export function profileHref(user: { isAdmin: boolean }): string {
  return user.isAdmin ? '/account/company-list' : '/account';
}

function LanguageSwitch() {
  const language = useSessionStore((s) => s.language);
  const setLanguage = useSessionStore((s) => s.setLanguage);
  const next = language === 'ar' ? 'en' : 'ar';
  return (
    <Button
      size="sm"
      variant="outline"
      data-testid="language-switch"
      lang={next}
      onClick={async () => {
        // Catalogs first, then the store: the re-rendered route paints in the new language at once.
        await activateLanguage(next);
        setLanguage(next);
      }}
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
      <NotificationBell />
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
 * The top bar (spec §2 Shell): brand, the five links, the menu toggle with its sidebar (closes on a link or
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
            <LanguageSwitch />
            <UserArea />
          </HStack>
        </HStack>
      </Container>
      <Drawer.Root
        open={sidebarOpen}
        onOpenChange={(e) => setSidebarOpen(e.open)}
        placement="start"
        closeOnInteractOutside
        // Rendered only while open: mounted with the page, its portal re-rendered the whole menu synchronously
        // right after the first commit (issue 8: Total Blocking Time).
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Drawer.Backdrop data-testid="sidebar-overlay" />
          <Drawer.Positioner>
            <Drawer.Content data-testid="sidebar" maxW="xs">
              <Drawer.Header>
                <Drawer.Title>{t`Bawaba`}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Stack as="nav" aria-label={t`Sidebar`} gap="1">
                  {links.map((link) => (
                    <ChakraLink
                      key={link.to}
                      asChild
                      py="2"
                      px="3"
                      borderRadius="md"
                      _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
                      css={{ '&[aria-current=page]': { bg: 'var(--chakra-colors-brand-subtle)' } }}
                    >
                      <NavLink to={link.to} onClick={() => setSidebarOpen(false)}>
                        {link.label}
                      </NavLink>
                    </ChakraLink>
                  ))}
                </Stack>
              </Drawer.Body>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Box>
  );
}
