import { Text, useSessionStore } from '@bawaba/shared';
import { amountInWords } from '@bawaba/shared/words';

/**
 * An amount in words under its figures, as Qatari tender practice writes prices (in the page's language; the
 * figures are shown by the caller). Nothing for an amount that cannot be spelled.
 */
export function AmountWords({ amount, currency = 'QAR' }: { amount: number; currency?: string }) {
  const language = useSessionStore((s) => s.language);
  const words = amountInWords(amount, language, currency);
  if (!words) return null;
  return (
    <Text
      as="span"
      display="block"
      whiteSpace="normal"
      fontSize="sm"
      color="fg.muted"
      data-testid="amount-words"
    >
      {words}
    </Text>
  );
}
