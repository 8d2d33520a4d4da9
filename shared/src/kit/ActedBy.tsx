import { Span } from '@bawaba/shared';
import type { Actor } from '@bawaba/shared/contracts';
import { textLangProps } from '../user-text/lang.ts';

/**
 * Who acted, on a line of a history: the person's name, then the company they acted for in brackets (none on a
 * personal record). Both were typed by users: the name is isolated with its own direction, the company's name
 * marked with the language it is written in. No words of its own, so any catalog can show it.
 */
export function ActedBy({ actor }: { actor: Actor }) {
  return (
    <Span data-testid="acted-by">
      <bdi>{actor.name}</bdi>
      {actor.companyName && actor.companyNameLang && (
        <>
          {' ('}
          <Span {...textLangProps(actor.companyNameLang)}>{actor.companyName}</Span>)
        </>
      )}
    </Span>
  );
}
