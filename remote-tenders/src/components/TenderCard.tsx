import {
  ApprovalBadge,
  Button,
  Card,
  Heading,
  HStack,
  RouterLink as Link,
  Stack,
  TenderStatusMarker,
  Text,
  truncate,
} from '@bawaba/shared';
import type { Tender } from '@bawaba/shared/contracts';
import { tenderStage } from '@bawaba/shared/rules';
import { Highlighted } from '@bawaba/shared/search/highlighted';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { useLingui } from '@lingui/react/macro';
import { DeadlineAt } from './CalendarDates.tsx';
import { InfoIcon } from './icons.tsx';
import { TenderActions } from './TenderActions.tsx';
import { CreatedLabel } from './TenderBits.tsx';
import { TenderStateBadge } from './TenderLifecycle.tsx';

/** Spec §9: titles are cut at 30 characters on cards. */
const CARD_TITLE_MAX = 30;

export function TenderCard({
  tender,
  onChanged,
  marks = [],
}: {
  tender: Tender;
  onChanged?: () => void;
  /** The words a search matched (`queryWords`): marked in the number and the title. */
  marks?: readonly string[];
}) {
  const { t } = useLingui();
  return (
    <Card.Root size="sm" variant="outline" data-testid="tender-card" data-tender-id={tender.id} h="full">
      <Card.Header>
        <HStack justify="space-between" align="center">
          {/* Open/closed access only while it matters: an ended tender shows its stage, never "Open". */}
          {tenderStage(tender).showsAccess ? <TenderStatusMarker status={tender.status} /> : <span />}
          <HStack gap="1">
            <TenderStateBadge state={tender.state} />
            <ApprovalBadge status={tender.approvalStatus.status} />
          </HStack>
        </HStack>
        <Text fontSize="xs" color="fg.muted" mt="2" data-testid="tender-number" dir="ltr" textAlign="start">
          <Highlighted text={tender.number} words={marks} />
        </Text>
        <Heading
          as="h3"
          size="sm"
          {...textLangProps(tender.titleLang)}
          title={tender.title}
          data-testid="tender-title"
        >
          <Highlighted text={truncate(tender.title, CARD_TITLE_MAX)} words={marks} />
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="1" fontSize="sm">
          <Text>
            {t`Publisher`}: {tender.user.name}
          </Text>
          {tender.deadline && (
            <Text>
              {t`Deadline`}: <DeadlineAt value={tender.deadline} />
            </Text>
          )}
          <CreatedLabel createdAt={tender.createdAt} />
        </Stack>
      </Card.Body>
      <Card.Footer>
        <HStack justify="space-between" w="full" wrap="wrap" gap="2">
          <Button asChild size="sm" variant="ghost" aria-label={t`Details of ${tender.number}`}>
            <Link to={`/tender-profile/${tender.id}`} data-testid="tender-info">
              <InfoIcon /> {t`Details`}
            </Link>
          </Button>
          <TenderActions tender={tender} onChanged={onChanged} />
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}
