import type { Ctx } from '../../context.ts';
import type { Lang } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { type ContractDocument, renderContractPdf } from '../../lib/contract-pdf/index.ts';
import { nameIn, textIn, titleIn } from '../../lib/localize.ts';
import { plainText } from '../../lib/search.ts';
import { companiesOf, milestonesOf, namesOf, tenderOf } from './queries.ts';
import { readableContract } from './service.ts';

/** A tender's description (sanitized HTML) as the document's plain text: one line per paragraph or line break. */
const flatten = (html: string): string =>
  plainText(html.replace(/<\/(p|h[1-6]|li|div)>|<br\s*\/?>/gi, '\n'))
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');

/**
 * The contract `id` as a PDF in `lang` (lib/contract-pdf), for a party's member or an administrator (anyone else:
 * 404): the parties named in that language, the milestones as they stand, the terms (the agreed scope once a
 * variation changed it, else the tender's description) and each side's acceptance.
 */
export async function contractPdf(ctx: Ctx, a: Auth, id: number, lang: Lang) {
  const db = ctx.database.db;
  const c = await readableContract(ctx, a, id);
  const [t, ms] = await Promise.all([tenderOf(db, c.tenderId), milestonesOf(db, [c.id])]);
  const people = await namesOf(
    db,
    [c.buyerUserId, c.supplierUserId, c.buyerAcceptedBy, c.supplierAcceptedBy].filter(
      (x): x is number => x !== null,
    ),
  );
  const companies = await companiesOf(
    db,
    [c.buyerCompanyId, c.supplierCompanyId].filter((x): x is number => x !== null),
  );
  const party = (companyId: number | null, userId: number) => {
    const company = companyId !== null ? companies.get(companyId) : undefined;
    return { name: company ? nameIn(lang, company) : (people.get(userId) ?? '') };
  };
  const acceptances: ContractDocument['acceptances'] = [];
  if (c.buyerAcceptedBy !== null && c.buyerAcceptedAt)
    acceptances.push({
      side: 'buyer',
      name: people.get(c.buyerAcceptedBy) ?? '',
      at: c.buyerAcceptedAt.toISOString(),
    });
  if (c.supplierAcceptedBy !== null && c.supplierAcceptedAt)
    acceptances.push({
      side: 'supplier',
      name: people.get(c.supplierAcceptedBy) ?? '',
      at: c.supplierAcceptedAt.toISOString(),
    });
  const doc: ContractDocument = {
    number: c.number,
    tender: { number: t.number, title: titleIn(lang, t) },
    buyer: party(c.buyerCompanyId, c.buyerUserId),
    supplier: party(c.supplierCompanyId, c.supplierUserId),
    value: c.value,
    currency: c.currency,
    milestones: ms.map((m) => ({ title: m.title, dueDate: m.dueDate, amount: m.amount })),
    terms: c.scope ?? flatten(textIn(lang, t.descriptionEn, t.descriptionAr)),
    acceptances,
    status: c.status as ContractDocument['status'],
    createdAt: c.createdAt.toISOString(),
  };
  return { number: c.number, pdf: await renderContractPdf(doc, lang) };
}
