import { Span } from '@bawaba/shared';
import { textLangProps } from '@bawaba/shared/user-text/lang';

/**
 * A name users typed (a company's, a person's, a tender's title): marked with the language it is written in when the
 * API says it, else shown with its own direction.
 */
export function PartyName({ party }: { party: { name: string; nameLang?: 'en' | 'ar' | null } }) {
  return (
    <Span data-testid="party-name" {...(party.nameLang ? textLangProps(party.nameLang) : { dir: 'auto' })}>
      {party.name}
    </Span>
  );
}
