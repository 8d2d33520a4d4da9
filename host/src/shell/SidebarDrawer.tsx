import { Link as ChakraLink, NavLink, Portal, Stack, Text } from '@bawaba/shared';
import { Drawer } from '@bawaba/shared/chakra-overlays';
import { useLingui } from '@lingui/react/macro';
import { DisplayChoices } from './DisplaySettings.tsx';

interface SidebarDrawerProps {
  links: { to: string; label: string }[];
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The sidebar (docs/product-spec.md §2 Shell, small screens): the five links in a drawer from the reading start; a link or the
 * overlay closes it. Below them the "Numbers and dates" choices, which the top bar offers only on wider screens. A lazy chunk of its own (TopBar loads it when the menu is first opened).
 */
export function SidebarDrawer({ links, open, onOpenChange }: SidebarDrawerProps) {
  const { t } = useLingui();
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="start"
      closeOnInteractOutside
      // Rendered only while open.
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
                    <NavLink to={link.to} onClick={() => onOpenChange(false)}>
                      {link.label}
                    </NavLink>
                  </ChakraLink>
                ))}
              </Stack>
              <Stack gap="3" mt="6" pt="4" borderTopWidth="1px" data-testid="sidebar-display-settings">
                <Text fontWeight="bold">{t`Numbers and dates`}</Text>
                <DisplayChoices />
              </Stack>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
