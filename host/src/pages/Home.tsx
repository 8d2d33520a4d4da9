import {
  Box,
  Button,
  Card,
  Heading,
  HStack,
  Input,
  RouterLink as Link,
  SimpleGrid,
  Stack,
  Text,
  useNavigate,
} from '@bawaba/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ContractIcon, SearchIcon } from '../shell/icons.tsx';
import { serviceSearchHref, useSiteInfo } from '../shell/site-info.ts';
import { FollowedTenders } from './FollowedTenders.tsx';

/**
 * The landing page: what Bawaba is, a service search leading to the directory, the new tenders in the services a
 * signed-in user follows, and the two ways in.
 */
export function HomePage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const services = useSiteInfo((s) => s.services);

  return (
    <Stack gap="12" data-testid="host-page-home">
      <Box
        as="section"
        borderRadius="l3"
        px={{ base: '6', md: '12' }}
        py={{ base: '10', md: '16' }}
        bgGradient="to-br"
        gradientFrom="brand.700"
        gradientTo="brand.500"
        color="white"
      >
        <Stack gap="5" maxW="3xl">
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }} lineHeight="1.2">
            <Trans>Find trusted service providers and winning tenders in Qatar</Trans>
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.900">
            <Trans>
              Bawaba connects businesses with the companies that serve them, and buyers with the suppliers who
              bid on their tenders.
            </Trans>
          </Text>
          <form
            aria-label={t`Search services`}
            onSubmit={(event) => {
              event.preventDefault();
              const name = query.trim();
              navigate(name ? serviceSearchHref(name) : '/service');
            }}
          >
            <HStack gap="2" bg="white" borderRadius="l2" p="1.5" maxW="xl">
              <Input
                name="inputValue"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={t`What service do you need? e.g. Cleaning`}
                aria-label={t`Service name`}
                variant="flushed"
                border="none"
                color="fg"
                px="3"
                list="home-services"
              />
              <datalist id="home-services">
                {services.map((s) => (
                  <option key={s.id} value={s.name} />
                ))}
              </datalist>
              <Button type="submit" colorPalette="brand">
                <SearchIcon boxSize="4" />
                <Trans>Search</Trans>
              </Button>
            </HStack>
          </form>
        </Stack>
      </Box>

      <FollowedTenders />

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        <Card.Root>
          <Card.Body gap="3">
            <SearchIcon boxSize="8" color="brand.fg" />
            <Card.Title>
              <Trans>Company directory</Trans>
            </Card.Title>
            <Card.Description>
              <Trans>
                Browse service providers by category, keyword and location, and send them a request.
              </Trans>
            </Card.Description>
          </Card.Body>
          <Card.Footer>
            <Button asChild colorPalette="brand" variant="outline">
              <Link to="/service">
                <Trans>Browse companies</Trans>
              </Link>
            </Button>
          </Card.Footer>
        </Card.Root>
        <Card.Root>
          <Card.Body gap="3">
            <ContractIcon boxSize="8" color="brand.fg" />
            <Card.Title>
              <Trans>Tenders</Trans>
            </Card.Title>
            <Card.Description>
              <Trans>See published tenders, express interest and submit proposals with milestones.</Trans>
            </Card.Description>
          </Card.Body>
          <Card.Footer>
            <Button asChild colorPalette="brand" variant="outline">
              <Link to="/tender">
                <Trans>See tenders</Trans>
              </Link>
            </Button>
          </Card.Footer>
        </Card.Root>
      </SimpleGrid>

      {services.length > 0 ? (
        <Stack as="section" gap="4">
          <Heading as="h2" size="lg">
            <Trans>Popular services</Trans>
          </Heading>
          <HStack wrap="wrap" gap="2">
            {services.slice(0, 12).map((s) => (
              <Button key={s.id} asChild size="sm" variant="subtle" borderRadius="full">
                <Link to={serviceSearchHref(s.name)}>{s.name}</Link>
              </Button>
            ))}
          </HStack>
        </Stack>
      ) : null}
    </Stack>
  );
}
