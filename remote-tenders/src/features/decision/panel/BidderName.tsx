import type { PanelBidder } from '@bawaba/shared/contracts';
import { textLangProps } from '@bawaba/shared/user-text';

/** A bidder as users wrote it: the company's name marked with its language, else the person's in its own direction. */
export function BidderName({ bidder }: { bidder: PanelBidder }) {
  return bidder.companyName ? (
    <bdi {...textLangProps(bidder.companyNameLang ?? 'en')} data-testid="bidder-name">
      {bidder.companyName}
    </bdi>
  ) : (
    <bdi dir="auto" data-testid="bidder-name">
      {bidder.name}
    </bdi>
  );
}
