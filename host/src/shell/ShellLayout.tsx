import { activateLanguage, http, i18n, useSessionStore, useSingletonProbe } from '@bawaba/shared';
import { Box, Button, Link as ChakraLink, Container, Flex, HStack } from '@chakra-ui/react';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { Trans, useLingui } from '@lingui/react/macro';
import React, { useEffect } from 'react';
import { NavLink, Outlet } from 'react-router';

/** The shell around every page: top bar with the five links and the language switch. */
export function ShellLayout() {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const setLanguage = useSessionStore((s) => s.setLanguage);
  useSingletonProbe('host', {
    react: React,
    sessionStore: useSessionStore,
    http,
    i18n,
    emotionCache: useEmotionCache(),
  });
  useEffect(() => {
    void activateLanguage(language);
  }, [language]);

  const links = [
    { to: '/home', label: t`Home` },
    { to: '/service', label: t`Services` },
    { to: '/tender', label: t`Tenders` },
    { to: '/about', label: t`About` },
    { to: '/terms', label: t`Terms` },
  ];
  return (
    <Flex direction="column" minH="100vh">
      <Box as="header" borderBottomWidth="1px" bg="bg.panel">
        <Container maxW="7xl" py="3">
          <HStack justify="space-between">
            <HStack as="nav" aria-label={t`Main`} gap="5">
              <ChakraLink asChild fontWeight="bold" color="brand.fg">
                <NavLink to="/home">{t`Bawaba`}</NavLink>
              </ChakraLink>
              {links.map((link) => (
                <ChakraLink key={link.to} asChild>
                  <NavLink to={link.to}>{link.label}</NavLink>
                </ChakraLink>
              ))}
            </HStack>
            <Button
              size="sm"
              variant="outline"
              data-testid="language-switch"
              onClick={() => setLanguage(language === 'ar' ? 'en' : 'ar')}
            >
              {language === 'ar' ? 'English' : 'العربية'}
            </Button>
          </HStack>
        </Container>
      </Box>
      <Box as="main" flex="1">
        <Container maxW="7xl" py="6">
          <Outlet />
        </Container>
      </Box>
      <Box as="footer" borderTopWidth="1px" py="4" textAlign="center" color="fg.muted">
        <Trans>Bawaba — business services and tenders in Qatar</Trans>
      </Box>
    </Flex>
  );
}
