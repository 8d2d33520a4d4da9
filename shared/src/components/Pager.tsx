import { HStack, IconButton, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../format/index.ts';
import { useSessionStore } from '../store/session.ts';

function Chevron({ to, rtl }: { to: 'previous' | 'next'; rtl: boolean }) {
  // "Previous" points backwards in the reading direction: left in English, right in Arabic.
  const left = (to === 'previous') !== rtl;
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d={left ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
    </svg>
  );
}

export interface PagerProps {
  /** Current page, 1-based. */
  page: number;
  pageCount: number;
  onChange(page: number): void;
  /** Accessible name of the pager (e.g. 'Results pages, top'). */
  label?: string;
}

/**
 * Previous / next arrows with 'Page X of Y' (docs/product-spec.md §2 directory, §4 bounded paging): previous is disabled
 * on page 1, next on the last page. Arrows mirror in Arabic.
 */
export function Pager({ page, pageCount, onChange, label }: PagerProps) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const pages = Math.max(1, pageCount);
  const current = Math.min(Math.max(1, page), pages);
  const x = formatNumber(current, language);
  const y = formatNumber(pages, language);
  return (
    <HStack
      as="nav"
      aria-label={label ?? t`Pages`}
      data-testid="pager"
      data-page={current}
      data-page-count={pages}
      gap="2"
      justify="center"
    >
      <IconButton
        size="sm"
        variant="outline"
        aria-label={t`Previous page`}
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
      >
        <Chevron to="previous" rtl={language === 'ar'} />
      </IconButton>
      <Text fontSize="sm" minW="24" textAlign="center" aria-live="polite">
        {t`Page ${x} of ${y}`}
      </Text>
      <IconButton
        size="sm"
        variant="outline"
        aria-label={t`Next page`}
        disabled={current >= pages}
        onClick={() => onChange(current + 1)}
      >
        <Chevron to="next" rtl={language === 'ar'} />
      </IconButton>
    </HStack>
  );
}
