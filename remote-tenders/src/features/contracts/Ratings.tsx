import {
  Box,
  Button,
  chakra,
  formatNumber,
  Heading,
  HStack,
  notify,
  Stack,
  Text,
  Textarea,
  useSessionStore,
} from '@bawaba/shared';
import type { Contract, ContractRating, ContractRatings } from '@bawaba/shared/contracts';
import { FormField } from '@bawaba/shared/forms';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { CalendarDate, DeadlineAt } from '../../components/CalendarDates.tsx';
import { otherSide, type RatingDraft, ratingBody, ratingCriteria } from '../../rules/contracts.ts';
import { SIDE_LABELS } from './ContractBits.tsx';
import { contractsApi } from './contracts-api.ts';

type Criterion = ReturnType<typeof ratingCriteria>[number];

const CRITERION_LABELS: Record<Criterion, MessageDescriptor> = {
  quality: msg`Quality`,
  timeliness: msg`Timeliness`,
  communication: msg`Communication`,
  paymentOnTime: msg`Payment on time`,
};

const SCORES = [1, 2, 3, 4, 5] as const;

/** One criterion's score 1–5 as a group of radio buttons (`rating-<criterion>-<n>`). */
function ScoreChoice({
  criterion,
  value,
  onChange,
}: {
  criterion: Criterion;
  value: number | undefined;
  onChange: (score: number) => void;
}) {
  const { i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  return (
    <chakra.fieldset border="0" p="0" m="0" data-testid={`rating-${criterion}`}>
      <chakra.legend fontSize="sm" fontWeight="medium" mb="1">
        {i18n._(CRITERION_LABELS[criterion])}
      </chakra.legend>
      <HStack gap="3" wrap="wrap">
        {SCORES.map((score) => (
          <chakra.label key={score} display="inline-flex" alignItems="center" gap="1" cursor="pointer">
            <chakra.input
              type="radio"
              name={`rating-${criterion}`}
              value={score}
              checked={value === score}
              onChange={() => onChange(score)}
              accentColor="brand.solid"
              data-testid={`rating-${criterion}-${score}`}
            />
            {formatNumber(score, language)}
          </chakra.label>
        ))}
      </HStack>
    </chakra.fieldset>
  );
}

/** A rating given: its scores, its comment in the language it was written in, and the rated side's reply. */
function RatingView({ rating }: { rating: ContractRating }) {
  const { i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const criteria = ratingCriteria(rating.by);
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="contract-rating" data-by={rating.by}>
      <Stack gap="2">
        <Text fontSize="sm" color="fg.muted">
          <Trans>
            By the {i18n._(SIDE_LABELS[rating.by])} on <CalendarDate value={rating.at} />
          </Trans>
        </Text>
        <HStack gap="5" wrap="wrap">
          {criteria.map((criterion) => {
            const score = rating[criterion];
            return score === null ? null : (
              <Text key={criterion} data-testid={`rating-score-${criterion}`} data-value={score}>
                {i18n._(CRITERION_LABELS[criterion])}: {formatNumber(score, language)}/
                {formatNumber(5, language)}
              </Text>
            );
          })}
        </HStack>
        {rating.comment ? (
          <Text
            {...textLangProps(rating.commentLang)}
            whiteSpace="pre-wrap"
            data-testid="rating-comment-text"
          >
            {rating.comment}
          </Text>
        ) : null}
        {rating.reply ? (
          <Box borderStartWidth="3px" borderColor="brand.solid" ps="3" data-testid="rating-reply">
            <Text fontSize="sm" color="fg.muted">
              <Trans>
                Reply on <CalendarDate value={rating.reply.at} />
              </Trans>
            </Text>
            <Text {...textLangProps(rating.reply.lang)} whiteSpace="pre-wrap">
              {rating.reply.text}
            </Text>
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}

/** The caller's side's rating of the other side: a score per criterion and a comment (again: changes it). */
function RatingForm({
  contract,
  rater,
  given,
  onSaved,
}: {
  contract: Contract;
  rater: 'buyer' | 'supplier';
  given: ContractRating | null;
  onSaved: () => void;
}) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<RatingDraft>(() => ({
    scores: given
      ? {
          quality: given.quality,
          timeliness: given.timeliness,
          communication: given.communication,
          ...(given.paymentOnTime === null ? {} : { paymentOnTime: given.paymentOnTime }),
        }
      : {},
    comment: given?.comment ?? '',
  }));
  const [sending, setSending] = useState(false);
  const body = ratingBody(rater, draft);
  const send = async () => {
    if (!body) return;
    setSending(true);
    try {
      await contractsApi.rate(contract.id, body);
      notify.success(t`Your rating was saved`);
      onSaved();
    } catch {
      // The shell shows the server's message; the form keeps what was chosen.
    } finally {
      setSending(false);
    }
  };
  const rated = contract[otherSide(rater)];
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid="rating-form">
      <Text fontWeight="semibold">
        <Trans>
          Rate the {i18n._(SIDE_LABELS[otherSide(rater)])}: <bdi>{rated.name}</bdi>
        </Trans>
      </Text>
      {ratingCriteria(rater).map((criterion) => (
        <ScoreChoice
          key={criterion}
          criterion={criterion}
          value={draft.scores[criterion]}
          onChange={(score) => setDraft((d) => ({ ...d, scores: { ...d.scores, [criterion]: score } }))}
        />
      ))}
      <FormField label={t`Comment (English or Arabic)`}>
        <Textarea
          value={draft.comment}
          onChange={(e) => setDraft((d) => ({ ...d, comment: e.target.value }))}
          dir="auto"
          rows={3}
          data-testid="rating-comment"
        />
      </FormField>
      <HStack>
        <Button
          size="sm"
          colorPalette="brand"
          loading={sending}
          disabled={!body}
          onClick={() => void send()}
          data-testid="send-rating"
        >
          {given ? <Trans>Change my rating</Trans> : <Trans>Send my rating</Trans>}
        </Button>
      </HStack>
    </Stack>
  );
}

/** The rated side's one reply to the rating it received. */
function ReplyForm({ contract, onSaved }: { contract: Contract; onSaved: () => void }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await contractsApi.reply(contract.id, text.trim());
      notify.success(t`Your reply was published`);
      onSaved();
    } catch {
      // The shell shows the server's message; the reply stays for another try.
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="2" data-testid="rating-reply-form">
      <FormField label={t`Your reply (once)`}>
        <Textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          dir="auto"
          rows={2}
          data-testid="reply-text"
        />
      </FormField>
      <HStack>
        <Button
          size="sm"
          variant="outline"
          loading={sending}
          disabled={!text.trim()}
          onClick={() => void send()}
          data-testid="send-reply"
        >
          <Trans>Publish the reply</Trans>
        </Button>
      </HStack>
    </Stack>
  );
}

/**
 * The contract's ratings once it is completed or terminated: each side rates the other within the window; a side
 * reads only its own until both have rated or the window closes; then the rated side may reply once. What the caller
 * may do is the API's `ratings.can`.
 */
export function Ratings({
  contract,
  ratings,
  onChanged,
}: {
  contract: Contract;
  ratings: ContractRatings;
  onChanged: () => void;
}) {
  const side = contract.side;
  const mine = side === 'buyer' ? ratings.byBuyer : side === 'supplier' ? ratings.bySupplier : null;
  const theirs = side === 'buyer' ? ratings.bySupplier : side === 'supplier' ? ratings.byBuyer : null;
  const shown = [ratings.byBuyer, ratings.bySupplier].filter((r): r is ContractRating => r !== null);
  if (!ratings.windowEndsAt && shown.length === 0) return null;
  return (
    <Box
      as="section"
      aria-labelledby="contract-ratings"
      data-testid="contract-ratings"
      data-revealed={ratings.revealed ? 'true' : 'false'}
    >
      <Heading as="h2" size="md" mb="3" id="contract-ratings">
        <Trans>Ratings</Trans>
      </Heading>
      <Stack gap="3">
        {ratings.windowEndsAt && !ratings.revealed ? (
          <Text fontSize="sm" color="fg.muted" data-testid="ratings-hidden">
            <Trans>
              Each side rates the other until <DeadlineAt value={ratings.windowEndsAt} />. Ratings are shown
              when both sides have rated, or when that time is over.
            </Trans>
          </Text>
        ) : null}
        {/* The other side's rating of mine first once revealed, with the reply form under it. */}
        {theirs && ratings.revealed ? <RatingView rating={theirs} /> : null}
        {ratings.can.reply ? <ReplyForm contract={contract} onSaved={onChanged} /> : null}
        {side && ratings.can.rate ? (
          <RatingForm contract={contract} rater={side} given={mine} onSaved={onChanged} />
        ) : mine ? (
          <RatingView rating={mine} />
        ) : null}
        {/* An administrator (no side) reads both once revealed. */}
        {!side ? shown.map((rating) => <RatingView key={rating.by} rating={rating} />) : null}
      </Stack>
    </Box>
  );
}
