import type { TextLang } from '@bawaba/shared/contracts';
import { textLangProps } from '@bawaba/shared/user-text/lang';

type Bidder = { name: string; companyName: string | null; companyNameLang: TextLang | null };

/**
 * How a page names a bidder: by their company, marked with the language the API says its name is in; without a
 * company by their own name, which has no language on record (its own direction, `dir="auto"`).
 */
export function bidderName(bidder: Bidder): {
  text: string;
  attrs: { lang?: TextLang; dir: 'ltr' | 'rtl' | 'auto' };
} {
  if (bidder.companyName !== null && bidder.companyNameLang !== null)
    return { text: bidder.companyName, attrs: textLangProps(bidder.companyNameLang) };
  return { text: bidder.name, attrs: { dir: 'auto' } };
}
