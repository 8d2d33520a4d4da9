import { Badge, Box, formatNumber, Heading, HStack, Stack, Text, useSessionStore } from '@bawaba/shared';
import type { Criterion, Evaluation } from '@bawaba/shared/contracts';
import { inLanguage } from '@bawaba/shared/rules';
import { textLangProps } from '@bawaba/shared/user-text';
import { Trans, useLingui } from '@lingui/react/macro';

/** One published criterion: its name and description in the reader's language (else the other), marked with it. */
function CriterionItem({ criterion: c }: { criterion: Criterion }) {
  const language = useSessionStore((s) => s.language);
  const { t } = useLingui();
  const name = inLanguage(language, c.nameEn, c.nameAr);
  const description = inLanguage(language, c.descriptionEn, c.descriptionAr);
  const weight = formatNumber(c.weight, language);
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" data-testid="evaluation-criterion">
      <HStack justify="space-between" align="start" gap="3">
        <Text fontWeight="medium" {...textLangProps(name.lang)} data-testid="criterion-name">
          {name.text}
        </Text>
        <Badge colorPalette="brand" flexShrink={0} data-testid="criterion-weight">
          {t`${weight}%`}
        </Badge>
      </HStack>
      {description.text && (
        <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap" {...textLangProps(description.lang)}>
          {description.text}
        </Text>
      )}
    </Box>
  );
}

/**
 * How the tender's proposals will be judged, as published: the method, one envelope or two, and for weighted
 * criteria the technical/financial split, the pass mark and each criterion with its weight.
 */
export function TenderEvaluation({ evaluation: e }: { evaluation: Evaluation }) {
  const language = useSessionStore((s) => s.language);
  const n = (x: number | null) => formatNumber(x ?? 0, language);
  const technical = n(e.technicalWeight);
  const financial = n(e.financialWeight);
  const passMark = n(e.passMark);
  return (
    <section aria-labelledby="evaluation-title" data-testid="tender-evaluation">
      <Heading as="h2" size="md" mb="2" id="evaluation-title">
        <Trans>Evaluation</Trans>
      </Heading>
      <Stack gap="2">
        <Text data-testid="evaluation-method">
          {e.method === 'weighted' ? (
            <Trans>Weighted criteria: the technical and the financial scores together decide.</Trans>
          ) : (
            <Trans>Lowest price: the cheapest responsive proposal wins.</Trans>
          )}
        </Text>
        <Text data-testid="evaluation-envelopes">
          {e.envelopes === 2 ? (
            <Trans>
              Two envelopes: the financial part of every proposal stays sealed until the technical evaluation
              is complete.
            </Trans>
          ) : (
            <Trans>One envelope: the technical and financial parts are opened together.</Trans>
          )}
        </Text>
        {e.bestAndFinalOffer && (
          <Text data-testid="evaluation-bafo">
            <Trans>
              A best-and-final-offer round may be held: after the evaluation, the proposals still in the
              running may be invited to improve their price by a deadline.
            </Trans>
          </Text>
        )}
        {e.method === 'weighted' && (
          <>
            <Text data-testid="evaluation-split">
              <Trans>
                Final score: technical {technical}%, financial {financial}%. A proposal needs a technical
                score of at least {passMark} out of 100.
              </Trans>
            </Text>
            <Stack as="ul" gap="2" listStyleType="none" data-testid="evaluation-criteria">
              {e.criteria.map((c) => (
                <CriterionItem key={JSON.stringify(c)} criterion={c} />
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </section>
  );
}
