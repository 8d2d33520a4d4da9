import {
  Box,
  Button,
  DataList,
  Heading,
  HStack,
  RouterLink as Link,
  List,
  Stack,
  Text,
} from '@bawaba/shared';
import { Circle, Steps } from '@bawaba/shared/chakra-extra';
import type { Tender } from '@bawaba/shared/contracts';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { CalendarDate, DeadlineAt } from '../../components/CalendarDates.tsx';
import { CheckIcon, HelpIcon } from '../../components/icons.tsx';
import { WIZARD_STEPS } from '../../rules/proposal.ts';

export function useStepTitles(): string[] {
  const { t } = useLingui();
  return [t`Basic Information`, t`Commercial Offer`, t`Technical Proposal`, t`Review & Submit`];
}

/** The three phases above the wizard (docs/product-spec.md §2); the wizard itself is phase 1. */
export const PhaseHeader = memo(function PhaseHeader({ phase = 0 }: { phase?: number }) {
  const { t } = useLingui();
  const phases = [t`1. Proposal Details`, t`2. Payment`, t`3. Confirmation`];
  return (
    <HStack
      as="ol"
      gap="0"
      borderWidth="1px"
      borderRadius="lg"
      overflow="hidden"
      data-testid="phase-header"
      listStyleType="none"
    >
      {phases.map((label, index) => (
        <Box
          as="li"
          key={label}
          flex="1"
          textAlign="center"
          py="3"
          px="2"
          fontWeight={index === phase ? 'bold' : 'normal'}
          bg={index === phase ? 'brand.solid' : index < phase ? 'brand.muted' : 'bg.subtle'}
          color={index === phase ? 'brand.contrast' : 'fg'}
          aria-current={index === phase ? 'step' : undefined}
          fontSize={{ base: 'sm', md: 'md' }}
        >
          {label}
        </Box>
      ))}
    </HStack>
  );
});

/** The four steps, vertical at ≤ 992 px (docs/product-spec.md §2), otherwise horizontal. */
export function WizardSteps({ step, vertical }: { step: number; vertical: boolean }) {
  const titles = useStepTitles();
  return (
    // Hidden from assistive technology: it repeats the sidebar's progress list (which marks the current step)
    // and its tab roles would need triggers the wizard does not have (steps change through Next/Previous).
    <Steps.Root
      aria-hidden="true"
      step={step}
      count={WIZARD_STEPS.length}
      orientation={vertical ? 'vertical' : 'horizontal'}
      colorPalette="brand"
      size="sm"
      data-testid="wizard-steps"
      data-orientation={vertical ? 'vertical' : 'horizontal'}
      data-step={step}
    >
      <Steps.List>
        {titles.map((title, index) => (
          <Steps.Item key={title} index={index} title={title}>
            <Steps.Indicator />
            <Steps.Title>{title}</Steps.Title>
            <Steps.Separator />
          </Steps.Item>
        ))}
      </Steps.List>
    </Steps.Root>
  );
}

/** Sidebar: tender summary (dd/MM/yyyy), progress list with checks, help box (docs/product-spec.md §2). */
export function WizardSidebar({ tender, step, done }: { tender: Tender; step: number; done: boolean[] }) {
  const { t } = useLingui();
  const titles = useStepTitles();
  return (
    <Stack gap="4" data-testid="wizard-sidebar">
      <Box borderWidth="1px" borderRadius="lg" p="4" data-testid="tender-summary">
        <Heading as="h2" size="sm" mb="3">
          {t`Tender summary`}
        </Heading>
        <Text fontWeight="medium" mb="2" title={tender.title} {...textLangProps(tender.titleLang)}>
          {tender.title}
        </Text>
        <DataList.Root size="sm" orientation="horizontal">
          <DataList.Item data-testid="summary-number">
            <DataList.ItemLabel>{t`Reference number`}</DataList.ItemLabel>
            <DataList.ItemValue dir="ltr">{tender.number}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item data-testid="summary-published">
            <DataList.ItemLabel>{t`Published`}</DataList.ItemLabel>
            <DataList.ItemValue>
              <CalendarDate value={tender.publish_date} />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item data-testid="summary-closing">
            <DataList.ItemLabel>{t`Closing date`}</DataList.ItemLabel>
            <DataList.ItemValue>
              <DeadlineAt value={tender.deadline} />
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Box>
      <Box borderWidth="1px" borderRadius="lg" p="4">
        <Heading as="h2" size="sm" mb="3">
          {t`Progress`}
        </Heading>
        <List.Root gap="2" variant="plain" data-testid="progress-list">
          {titles.map((title, index) => (
            <List.Item
              key={title}
              alignItems="center"
              gap="2"
              fontWeight={index === step ? 'semibold' : 'normal'}
              data-done={done[index] ? 'true' : 'false'}
              aria-current={index === step ? 'step' : undefined}
            >
              <Circle
                size="5"
                bg={done[index] ? 'green.500' : 'bg.muted'}
                color="white"
                borderWidth={index === step && !done[index] ? '2px' : '0'}
                borderColor="brand.500"
              >
                {done[index] && <CheckIcon boxSize="3" />}
              </Circle>
              {title}
            </List.Item>
          ))}
        </List.Root>
      </Box>
      <Box borderRadius="lg" p="4" bg="brand.subtle" data-testid="help-box">
        <HStack mb="1">
          <HelpIcon color="brand.600" />
          <Heading as="h2" size="sm">
            {t`Need help?`}
          </Heading>
        </HStack>
        <Text fontSize="sm" mb="3">
          {t`Our team can answer questions about this tender and the submission process.`}
        </Text>
        <Button asChild size="sm" colorPalette="brand" variant="outline">
          <Link to="/contact-us" data-testid="support-center">
            {t`Support Center`}
          </Link>
        </Button>
      </Box>
    </Stack>
  );
}
