import { AppProviders, i18n, MemoryRouter, Route, Routes } from '@bawaba/shared';
import { tenderAnswer } from '@bawaba/shared/build/testing';
import { LOWEST_PRICE, type Tender } from '@bawaba/shared/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

export async function activateEnglish() {
  await i18n.loadAndActivate({ locale: 'en', messages: {} });
}

/** Render inside the site's providers and a router; `/next` routes render a marker with the path. */
export function renderPage(ui: ReactNode, path = '/') {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={ui} />
          <Route path="/submit-proposal/:id" element={<div data-testid="went-to">submit-proposal</div>} />
          <Route path="/account/submitted-proposals" element={<div data-testid="went-to">submitted</div>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

/**
 * A tender as the API sends it; its `can` and `refusals` are the rulebook's for its state and `viewer` (by default a
 * bidder, or the owner when `isOwner`; null: a visitor), unless the patch gives them.
 */
export const tender = (
  patch: Partial<Tender> = {},
  viewer?: { id: number; isAdmin: boolean } | null,
): Tender => {
  const t = { ...base, ...patch };
  return {
    ...t,
    ...(patch.can ? { can: patch.can, refusals: patch.refusals ?? {} } : tenderAnswer(t, viewer)),
  };
};

const base: Omit<Tender, 'can' | 'refusals'> = {
  id: 12,
  number: 'BWB-2026-0012',
  title: 'Supply and Installation of CCTV Systems for Lusail Offices',
  titleLang: 'en',
  titleEn: 'Supply and Installation of CCTV Systems for Lusail Offices',
  titleAr: null,
  description: 'Scope of work',
  descriptionLang: 'en',
  descriptionEn: 'Scope of work',
  descriptionAr: null,
  status: 'open',
  approvalStatus: { status: 'approved' },
  isPublished: true,
  start_date: '2027-01-10T00:00:00.000Z',
  end_date: '2027-06-10T00:00:00.000Z',
  publish_date: '2026-11-01T00:00:00.000Z',
  deadline: '2027-01-03T00:00:00.000Z',
  createdAt: new Date().toISOString(),
  user: { id: 7, name: 'Qatar Builders' },
  ownerId: 7,
  services: [],
  bond: 5000,
  participationFee: 250,
  budget: 100000,
  currency: 'QAR',
  documents: [],
  isPastDeadline: false,
  isOwner: false,
  isProposalSubmitted: false,
  isInterestSubmitted: false,
  isInterestApproved: false,
  state: 'published',
  clarificationCutoff: '2026-12-31T00:00:00.000Z',
  amendmentCount: 0,
  evaluation: LOWEST_PRICE,
  outcome: null,
  standstillDays: 5,
  standstillEndsAt: null,
  requiredCredentials: [],
};
