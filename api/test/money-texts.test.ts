import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../src/db/schema.ts';
import { proposalBody, publishedTender } from './fixtures.ts';
import { ADMIN, BIDDER, call, login, makeApp, OWNER, SAMPLE_PDF, type TestApp, upload } from './helpers.ts';

/**
 * Money in what the API writes — notifications, their mails, the sandbox checkout — reads as money reads on the
 * pages (formatMoney, docs/product-decisions.md "Tender stages and dates"): "USD 150,100.00" in English,
 * "١٥٠٬١٠٠٫٠٠ دولار أمريكي" in Arabic, each amount isolated (FSI … PDI) in its sentence.
 */

const BOND = 150_100;
const FEE = 1_250;
const ARABIC_READER = 'omar@gulfstar.qa';
const FSI = '\u2068';
const PDI = '\u2069';
/** Intl separates the code from the amount with a no-break space: read it as a space. */
const spaces = (s: string) => s.replace(/\s/g, ' ');

let app: TestApp;
let owner: string;
let admin: string;
let bidder: string;
let arabicBidder: string;

beforeAll(async () => {
  app = await makeApp();
  [owner, admin, bidder, arabicBidder] = await Promise.all([
    login(app, OWNER),
    login(app, ADMIN),
    login(app, BIDDER),
    login(app, ARABIC_READER),
  ]);
  // The second bidder reads the site and their mail in Arabic.
  await app.ctx.database.db.update(users).set({ language: 'ar' }).where(eq(users.email, ARABIC_READER));
});
afterAll(async () => {
  await app.cleanup();
});

/** A published open tender in US dollars with a bond and a participation fee. */
const dollarTender = () =>
  publishedTender(
    app,
    { owner, admin },
    { title: 'Fit-out (Lot 2)', currency: 'USD', bond: BOND, participationFee: FEE },
  );

/** A proposal on the tender; answers the path of the checkout started for its fee and bond. */
async function bid(token: string, tender: number): Promise<string> {
  const attachment = (await upload(app, token, 'proposal-attachment', 'offer.pdf', SAMPLE_PDF)).body.data.id;
  const r = await call(app, 'POST', '/proposals', {
    token,
    payload: proposalBody(tender, attachment, { price: 900000, currency: 'USD' }),
  });
  expect(r.status).toBe(201);
  return new URL(r.body.data.payUrl).pathname;
}

async function pay(checkout: string) {
  const r = await app.inject({
    method: 'POST',
    url: checkout,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=pay',
  });
  expect(new URL(r.headers.location as string).searchParams.get('status')).toBe('Paid');
}

/** The recipient's notifications about the tender, titled `title`, in the language asked for. */
async function notices(token: string, tender: number, title: string, language: 'en' | 'ar') {
  const r = await call(app, 'GET', '/notification', { token, headers: { 'accept-language': language } });
  return (r.body.data as { title: string; content: string; tender?: { id: number } }[])
    .filter((n) => n.tender?.id === tender && n.title === title)
    .map((n) => spaces(n.content));
}

async function mails(email: string, subject: string) {
  const [u] = await app.ctx.database.db.select().from(users).where(eq(users.email, email));
  // Oldest first: PostgreSQL returns rows in no set order (a mail's row moves when it is marked sent).
  return (
    await app.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, u!.id))
      .orderBy(asc(mailOutbox.id))
  )
    .filter((m) => m.subject.includes(subject))
    .map((m) => ({ text: spaces(m.text), html: spaces(m.html) }));
}

describe('money in notifications and mails, one format per language', () => {
  let tender: number;
  beforeAll(async () => {
    tender = await dollarTender();
    const checkouts = [await bid(bidder, tender), await bid(arabicBidder, tender)];
    for (const checkout of checkouts) await pay(checkout);
    const cancelled = await call(app, 'POST', `/tenders/${tender}/cancel`, {
      token: owner,
      payload: { reason: 'Budget cut' },
    });
    expect(cancelled.status).toBe(200);
  });

  it('English: the payment, the bond released and the fee refunded read "USD 150,100.00", isolated (notice and mail)', async () => {
    const [paid] = await notices(bidder, tender, 'Payment Successful', 'en');
    expect(paid).toContain(`${FSI}USD 151,350.00${PDI} received for "${FSI}Fit-out (Lot 2)${PDI}"`);
    const [back] = await notices(bidder, tender, 'Payment returned', 'en');
    expect(back).toContain(
      `your bid bond of ${FSI}USD 150,100.00${PDI} is released and ${FSI}USD 1,250.00${PDI} of fees is refunded`,
    );
    const [mail] = await mails(BIDDER, 'Payment returned');
    expect(mail!.text).toContain(`your bid bond of ${FSI}USD 150,100.00${PDI} is released`);
    expect(mail!.html).toContain(`${FSI}USD 1,250.00${PDI} of fees is refunded`);
  });

  it('Arabic: the same amounts in Arabic digits with the currency’s Arabic name, no Latin code (notice and mail)', async () => {
    const [paid] = await notices(arabicBidder, tender, 'تم الدفع بنجاح', 'ar');
    expect(paid).toContain(`تم استلام ${FSI}١٥١٬٣٥٠٫٠٠ دولار أمريكي${PDI}`);
    const [back] = await notices(arabicBidder, tender, 'إعادة مبالغ مدفوعة', 'ar');
    expect(back).toContain(
      `تم الإفراج عن ضمان العطاء البالغ ${FSI}١٥٠٬١٠٠٫٠٠ دولار أمريكي${PDI} كما تم رد رسوم بقيمة ${FSI}١٬٢٥٠٫٠٠ دولار أمريكي${PDI}`,
    );
    expect(back).not.toMatch(/USD|\$/);
    const [mail] = await mails(ARABIC_READER, 'إعادة مبالغ مدفوعة');
    expect(mail!.text).toContain(`ضمان العطاء البالغ ${FSI}١٥٠٬١٠٠٫٠٠ دولار أمريكي${PDI}`);
    expect(mail!.html).toContain(`تم رد رسوم بقيمة ${FSI}١٬٢٥٠٫٠٠ دولار أمريكي${PDI}`);
  });
});

describe('money in notifications and mails follows the recipient’s digits', () => {
  const digits = (token: string, choice: 'auto' | 'arab' | 'latn') =>
    call(app, 'PATCH', '/users/me', { token, payload: { displayPrefs: { digits: choice } } });

  it('Latin digits for an Arabic reader who chose them, Arabic-Indic for an English reader who chose those', async () => {
    expect((await digits(arabicBidder, 'latn')).status).toBe(200);
    expect((await digits(bidder, 'arab')).status).toBe(200);
    try {
      const tender = await dollarTender();
      for (const checkout of [await bid(bidder, tender), await bid(arabicBidder, tender)])
        await pay(checkout);

      const [arabic] = await notices(arabicBidder, tender, 'تم الدفع بنجاح', 'ar');
      expect(arabic).toContain(`تم استلام ${FSI}151,350.00 دولار أمريكي${PDI}`);
      const arabicMails = await mails(ARABIC_READER, 'تم الدفع بنجاح');
      expect(arabicMails.at(-1)!.text).toContain(`تم استلام ${FSI}151,350.00 دولار أمريكي${PDI}`);
      expect(arabicMails.at(-1)!.html).toContain(`${FSI}151,350.00 دولار أمريكي${PDI}`);

      const [english] = await notices(bidder, tender, 'Payment Successful', 'en');
      expect(english).toContain(`${FSI}١٥١٬٣٥٠٫٠٠ USD${PDI} received for "${FSI}Fit-out (Lot 2)${PDI}"`);
      const englishMails = await mails(BIDDER, 'Payment Successful');
      expect(englishMails.at(-1)!.text).toContain(`${FSI}١٥١٬٣٥٠٫٠٠ USD${PDI} received`);
      // The tender's number and the payment's reference are not amounts: they stay as written.
      expect(englishMails.at(-1)!.text).toMatch(/ref\. \u2068PAY-[0-9A-F]{12}\u2069/);
    } finally {
      await digits(arabicBidder, 'auto');
      await digits(bidder, 'auto');
    }
  });

  it('a title cannot pass for an amount: the markers amounts are written from are taken out of user values', async () => {
    const tender = await publishedTender(
      app,
      { owner, admin },
      { title: 'Works \uE0001|USD|en\uE001', participationFee: FEE },
    );
    await pay(await bid(bidder, tender));
    const [paid] = await notices(bidder, tender, 'Payment Successful', 'en');
    expect(paid).toContain(`received for "${FSI}Works 1|USD|en${PDI}"`);
  });
});

describe('the sandbox checkout', () => {
  it('shows the amount due as English writes money, the page’s language ("USD 151,350.00", not "$151,350.00")', async () => {
    const tender = await dollarTender();
    const checkout = await bid(bidder, tender);
    const page = await app.inject({ method: 'GET', url: checkout });
    expect(page.statusCode).toBe(200);
    const html = spaces(page.body);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<p class="amount">USD 151,350.00</p>');
    expect(html).toContain('Pay USD 151,350.00</button>');
    expect(html).not.toContain('$');
  });
});
