import {
  Button,
  Card,
  Heading,
  HStack,
  Link,
  notify,
  RouterLink,
  Stack,
  Text,
  useLoad,
} from '@bawaba/shared';
import type { Follow } from '@bawaba/shared/contracts';
import { LoadFailed, Loading } from '@bawaba/shared/kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../api.ts';

/**
 * The services and categories the user follows (new tenders in them are notified), with Unfollow, and the
 * services of their own companies they do not follow yet, with Follow (GET/POST/DELETE /follows). Following
 * starts in the directory. Made of the primitives of the account's first page (no lazy Chakra part).
 */
export function FollowedServices() {
  const { t } = useLingui();
  const list = useLoad('follows', api.follows);
  const [busy, setBusy] = useState<string | null>(null);

  const nameOf = (follow: Follow): string =>
    follow.service ? follow.service.name : t`All of ${follow.category?.name ?? ''}`;

  const act = async (key: string, call: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await call();
      notify.success(done);
      list.reload();
    } catch {
      // The shell shows the server's message.
    } finally {
      setBusy(null);
    }
  };

  const data = list.data;
  return (
    <Card.Root data-testid="followed-services">
      <Card.Body>
        <Heading as="h2" size="md" mb="1" id="followed-services-heading">
          <Trans>Services I follow</Trans>
        </Heading>
        <Text fontSize="sm" color="fg.muted" mb="4">
          <Trans>You are notified when a tender is published in a service you follow.</Trans>
        </Text>
        {list.loading && !data ? (
          <Loading />
        ) : !data ? (
          <LoadFailed onRetry={list.reload} />
        ) : (
          <Stack gap="5">
            {data.follows.length === 0 ? (
              <Text fontSize="sm" data-testid="follows-empty">
                <Trans>
                  You do not follow any service yet. Follow services or whole categories from the{' '}
                  <Link asChild colorPalette="brand" textDecoration="underline">
                    <RouterLink to="/service">directory</RouterLink>
                  </Link>
                  .
                </Trans>
              </Text>
            ) : (
              <Stack as="ul" listStyleType="none" gap="2" aria-labelledby="followed-services-heading">
                {data.follows.map((follow) => {
                  const name = nameOf(follow);
                  return (
                    <HStack
                      as="li"
                      key={follow.id}
                      justify="space-between"
                      gap="3"
                      borderBottomWidth="1px"
                      pb="2"
                      data-testid="followed-item"
                      data-follow-id={follow.id}
                    >
                      <Text dir="auto" textAlign="start">
                        {name}
                      </Text>
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={t`Unfollow ${name}`}
                        loading={busy === `unfollow:${follow.id}`}
                        disabled={busy !== null}
                        onClick={() =>
                          void act(
                            `unfollow:${follow.id}`,
                            () => api.unfollow(follow.id),
                            t`Unfollowed ${name}`,
                          )
                        }
                        data-testid="unfollow"
                      >
                        <Trans>Unfollow</Trans>
                      </Button>
                    </HStack>
                  );
                })}
              </Stack>
            )}
            {data.suggestions.length ? (
              <Stack gap="2" data-testid="follow-suggestions">
                <Heading as="h3" size="sm" id="follow-suggestions-heading">
                  <Trans>Suggested from your company</Trans>
                </Heading>
                <Stack as="ul" listStyleType="none" gap="2" aria-labelledby="follow-suggestions-heading">
                  {data.suggestions.map((service) => (
                    <HStack
                      as="li"
                      key={service.id}
                      justify="space-between"
                      gap="3"
                      data-testid="suggested-service"
                      data-service-id={service.id}
                    >
                      <Text dir="auto" textAlign="start">
                        {service.name}
                      </Text>
                      <Button
                        size="xs"
                        colorPalette="brand"
                        aria-label={t`Follow ${service.name}`}
                        loading={busy === `follow:${service.id}`}
                        disabled={busy !== null}
                        onClick={() =>
                          void act(
                            `follow:${service.id}`,
                            () => api.follow({ service: service.id }),
                            t`You follow ${service.name}`,
                          )
                        }
                        data-testid="follow"
                      >
                        <Trans>Follow</Trans>
                      </Button>
                    </HStack>
                  ))}
                </Stack>
              </Stack>
            ) : null}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
