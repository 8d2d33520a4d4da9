/**
 * Data set-up for the shell's e2e tests, through the API (not the UI): service requests that notify,
 * a proposal with a fee to pay, fresh users with a set-password link.
 */
import type { Page } from '@playwright/test';
import { apiUpload } from './fixtures.ts';
import { apiCall, apiLogin, outbox } from './session.ts';

interface CompanyRow {
  id: number;
  services: { id: number }[];
}
interface TenderRow {
  id: number;
  ownerId: number;
  status: 'open' | 'closed';
  bond: number;
  participationFee: number;
  isOwner: boolean;
  isProposalSubmitted: boolean;
  isInterestSubmitted: boolean;
  isPastDeadline: boolean;
}

/** Send a service request as `token` to the first listed company; returns the request id. */
export async function sendServiceRequest(token: string, title: string): Promise<number> {
  const companies = await apiCall<{ items: CompanyRow[] }>(token, 'GET', '/companies?page=1&limit=5');
  const company = companies.items.find((c) => c.services.length > 0);
  if (!company) throw new Error('no company with services in the seed');
  const request = await apiCall<{ id: number }>(token, 'POST', '/requests', {
    name: 'E2E Bidder',
    email: 'bidder@bawaba.qa',
    phone: '55512345',
    services: [company.services[0]!.id],
    project_title: title,
    description: 'Created by the shell e2e test.',
    company: company.id,
  });
  return request.id;
}

async function publicTenders(token: string): Promise<TenderRow[]> {
  const page = await apiCall<{ items: TenderRow[] }>(token, 'GET', '/tenders?page=1&limit=100');
  return page.items;
}

/**
 * Express interest in a closed tender of the demo owner as `bidderToken`, and have the owner approve it:
 * the bidder gets a notification linked to the tender.
 */
export async function approvedInterest(bidderToken: string): Promise<number> {
  const owner = await apiLogin('owner@bawaba.qa');
  const tender = (await publicTenders(bidderToken)).find(
    (t) =>
      t.ownerId === owner.user.id && t.status === 'closed' && !t.isInterestSubmitted && !t.isPastDeadline,
  );
  if (!tender) throw new Error('no closed tender of the demo owner open to interest');
  const interest = await apiCall<{ id: number }>(bidderToken, 'POST', '/interests', { tender: tender.id });
  await apiCall(owner.accessToken, 'POST', `/tenders/${tender.id}/interests/${interest.id}/approve`);
  return tender.id;
}

/** Submit a proposal to an open tender with a fee; returns the sandbox checkout URL. */
export async function proposalToPay(token: string): Promise<string> {
  const tender = (await publicTenders(token)).find(
    (t) =>
      t.status === 'open' &&
      !t.isOwner &&
      !t.isProposalSubmitted &&
      !t.isPastDeadline &&
      t.bond + t.participationFee > 0,
  );
  if (!tender) throw new Error('no open tender with a fee left for this user');
  const file = await apiUpload(token, 'proposal-attachment');
  const day = 24 * 3600 * 1000;
  const submitted = await apiCall<{ payUrl?: string }>(token, 'POST', '/proposals', {
    tender: tender.id,
    attachment: file.id,
    offer_price: 1000,
    title: 'E2E proposal',
    description: 'Created by the shell e2e test.',
    period: 10,
    milestones: [
      {
        title: 'All of it',
        description: 'Everything',
        amount: 1000,
        period: 10,
        start_date: new Date(Date.now() + day).toISOString(),
        end_date: new Date(Date.now() + 11 * day).toISOString(),
        expected_completion_date: new Date(Date.now() + 11 * day).toISOString(),
      },
    ],
  });
  if (!submitted.payUrl) throw new Error('the proposal needs no payment');
  return submitted.payUrl;
}

/** A brand-new regular user (registered and password set through the API). */
export { registerUser as freshUser, setPasswordLink } from './session.ts';

/** How many set-password mails `email` has had so far. */
export function setPasswordMailCount(email: string): number {
  try {
    return outbox().filter((m) => m.to === email && m.link?.includes('/set-password')).length;
  } catch {
    return 0;
  }
}

/** The site-relative part of a mailed link (mails point at PUBLIC_URL, the host under test). */
export function relative(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Storage as the shell sees it. */
export function storage(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    user: localStorage.getItem('user'),
    language: localStorage.getItem('language'),
  }));
}
