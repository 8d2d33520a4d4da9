import {
  Card,
  formatDate,
  Heading,
  Link,
  RouterLink,
  Stack,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import { call, followedTenders } from '@bawaba/shared/call';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { Trans } from '@lingui/react/macro';

/**
 * Home, signed in (not an admin): the newest public tenders in the services the user follows (GET /tenders/followed),
 * each leading to its page; without any, where to follow services (the profile, /account, manages the follows).
 */
export function FollowedTenders() {
  const user = useSessionStore((s) => s.user);
  const token = useSessionStore((s) => s.token);
  const language = useSessionStore((s) => s.language);
  const enabled = Boolean(token && user && !user.isAdmin);
  const list = useLoad(`followed-tenders|${user?.id}|${language}`, () => call(followedTenders), enabled);
  if (!enabled || list.failed) return null;
  const tenders = list.data ?? [];

  return (
    <Stack as="section" gap="4" aria-labelledby="followed-tenders-heading" data-testid="followed-tenders">
      <Heading as="h2" size="lg" id="followed-tenders-heading">
        <Trans>New tenders in your services</Trans>
      </Heading>
      {list.data && tenders.length === 0 ? (
        <Text color="fg.muted" data-testid="followed-tenders-empty">
          <Trans>
            Follow services to hear of new tenders in them.{' '}
            <Link asChild color="brand.fg" textDecoration="underline">
              <RouterLink to="/account">Manage the services you follow</RouterLink>
            </Link>
          </Trans>
        </Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" ps="0">
          {tenders.map((t) => {
            const deadline = formatDate(t.deadline, language);
            return (
              <Card.Root as="li" key={t.id} size="sm" data-testid="followed-tender">
                <Card.Body gap="1">
                  <Link asChild fontWeight="semibold" color="brand.fg">
                    <RouterLink to={`/tender-profile/${t.id}`}>
                      <span {...textLangProps(t.titleLang)}>{t.title}</span>
                    </RouterLink>
                  </Link>
                  <Text fontSize="sm" color="fg.muted" textAlign="start">
                    <bdi>{t.number}</bdi>
                    {' · '}
                    <Trans>Deadline: {deadline}</Trans>
                  </Text>
                </Card.Body>
              </Card.Root>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
