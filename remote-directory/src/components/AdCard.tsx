import { Card, Link as ChakraLink, Image, RouterLink as Link, Text } from '@bawaba/shared';
import type { Ad } from '@bawaba/shared/contracts';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';

/** The advertisement card of the directory (GET /ads/active); nothing when no ad is active. */
export const AdCard = memo(function AdCard({ ad }: { ad: Ad | null | undefined }) {
  const { t } = useLingui();
  if (!ad) return null;
  const body = (
    <>
      {/* A fixed box (cover-cropped): the card has its final height before the image arrives (no layout shift). */}
      <Image src={ad.imageUrl} alt={ad.title} w="full" h="48" objectFit="cover" borderTopRadius="md" />
      <Card.Body p="3">
        <Text fontSize="xs" color="fg.muted" textTransform="uppercase">
          {t`Advertisement`}
        </Text>
        <Text {...textLangProps(ad.titleLang)} fontWeight="semibold">
          {ad.title}
        </Text>
      </Card.Body>
    </>
  );
  const link = ad.linkUrl;
  return (
    <Card.Root
      variant="outline"
      overflow="hidden"
      data-testid="ad-card"
      as="aside"
      aria-label={t`Advertisement`}
    >
      {!link ? (
        body
      ) : link.startsWith('/') ? (
        <ChakraLink asChild display="block" _hover={{ textDecoration: 'none' }}>
          <Link to={link}>{body}</Link>
        </ChakraLink>
      ) : (
        <ChakraLink href={link} target="_blank" rel="noopener noreferrer sponsored" display="block">
          {body}
        </ChakraLink>
      )}
    </Card.Root>
  );
});
