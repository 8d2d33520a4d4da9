import { expectAccessible } from '../support/a11y.ts';
import { apiCall, apiLogin, DEMO, registerUser, useSession } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

/**
 * The evaluation method published with a tender (docs/decisions/0012-evaluation.md): an owner creates a weighted,
 * two-envelope tender in the form's Evaluation section (criteria named in English, Arabic or both, weights with a
 * running total, the split and the pass mark); once approved, its page shows the method and each criterion in the
 * reader's language, else the other, marked with its language. In English and in Arabic.
 */

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

const TEXTS = {
  en: {
    total: /Weights: 60 of 100/,
    full: 'Weights: 100 of 100',
    heading: 'Evaluation',
    envelopes: /Two envelopes/,
    split:
      'Final score: technical 70%, financial 30%. A proposal needs a technical score of at least 65 out of 100.',
    weights: ['60%', '40%'],
  },
  ar: {
    total: /مجموع الأوزان: ٦٠ من 100/,
    full: 'مجموع الأوزان: ١٠٠ من 100',
    heading: 'التقييم',
    envelopes: /مظروفان/,
    split: 'الدرجة النهائية: فني ٧٠٪، مالي ٣٠٪. يحتاج العرض إلى درجة فنية لا تقل عن ٦٥ من 100.',
    weights: ['٦٠٪', '٤٠٪'],
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  test(`a weighted two-envelope tender shows its criteria on its page (${language})`, async ({ page }) => {
    const texts = TEXTS[language];
    const other = language === 'ar' ? 'en' : 'ar';
    const owner = await registerUser(`E2E Evaluation Owner ${language}`);
    await useSession(page, owner, language);
    await page.goto('/account/tender-management');
    await page.getByTestId('new-tender').click();
    const form = page.getByTestId('tender-form');
    const title = `Evaluated tender ${unique()}`;
    await form.getByTestId('tender-title').fill(title);
    await form.getByTestId('tender-deadline').fill(`${day(10)}T12:00`);
    await form.getByTestId('tender-start').fill(day(20));
    await form.getByTestId('tender-end').fill(day(90));

    await form.getByTestId('evaluation-method').selectOption('weighted');
    await form.getByTestId('evaluation-envelopes').selectOption('2');
    const first = form.getByTestId('criterion-editor').nth(0);
    // The first criterion in the page's language and the other; the second only in the other language.
    await first.getByTestId('criterion-name-en').fill('Technical approach');
    await first.getByTestId('criterion-name-ar').fill('المنهجية الفنية');
    await first.getByTestId('criterion-weight-input').fill('60');
    await expect(form.getByTestId('criteria-total')).toHaveText(texts.total);
    await form.getByTestId('criterion-add').click();
    const second = form.getByTestId('criterion-editor').nth(1);
    const otherName = other === 'ar' ? 'الخبرة' : 'Experience';
    await expect(second.getByTestId(`criterion-name-${other}`)).toHaveAttribute(
      'dir',
      other === 'ar' ? 'rtl' : 'ltr',
    );
    await second.getByTestId(`criterion-name-${other}`).fill(otherName);
    await second.getByTestId('criterion-weight-input').fill('40');
    await expect(form.getByTestId('criteria-total')).toHaveText(texts.full);
    await form.getByTestId('evaluation-technical-weight').fill('70');
    await expect(form.getByTestId('evaluation-financial-weight')).toHaveValue('30');
    await form.getByTestId('evaluation-pass-mark').fill('65');
    await expectAccessible(page, `tender form with the evaluation section (${language})`);
    await form.getByTestId('tender-save').click();
    await expect(page.getByTestId('tender-card').filter({ hasText: title })).toHaveAttribute(
      'data-approval',
      'draft',
    );

    const mine = await apiCall<{ items: { id: number; titleEn: string | null }[] }>(
      owner.accessToken,
      'GET',
      '/tenders/mine',
    );
    const id = mine.items.find((t) => t.titleEn === title)!.id;
    await apiCall(owner.accessToken, 'POST', `/tenders/${id}/publish`);
    const admin = await apiLogin(DEMO.admin);
    await apiCall(admin.accessToken, 'POST', `/admin/tenders/${id}/approve`);

    await page.goto(`/tender-profile/${id}`);
    const section = page.getByTestId('tender-evaluation');
    await expect(section.getByRole('heading', { name: texts.heading })).toBeVisible();
    await expect(section.getByTestId('evaluation-envelopes')).toHaveText(texts.envelopes);
    await expect(section.getByTestId('evaluation-split')).toHaveText(texts.split);
    const names = section.getByTestId('criterion-name');
    await expect(names).toHaveText([language === 'ar' ? 'المنهجية الفنية' : 'Technical approach', otherName]);
    await expect(names.nth(0)).toHaveAttribute('lang', language);
    // Written only in the other language: shown in it, marked with it.
    await expect(names.nth(1)).toHaveAttribute('lang', other);
    await expect(names.nth(1)).toHaveAttribute('dir', other === 'ar' ? 'rtl' : 'ltr');
    await expect(section.getByTestId('criterion-weight')).toHaveText([...texts.weights]);
    await expectAccessible(page, `tender page with its evaluation method (${language})`);
  });
}
