/**
 * Data set-up for the shell's e2e tests, through the API (not the UI): service requests that notify,
 * a proposal with a fee to pay, fresh users with a set-password link.
 */
import type { Page } from '@playwright/test';
import { type AuthResult, apiCall, apiLogin, outbox } from './session.ts';
import { API_URL } from './site.ts';

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

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

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
  const form = new FormData();
  form.append('purpose', 'proposal-attachment');
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'offer.pdf');
  const upload = await fetch(`${API_URL}/files/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!upload.ok) throw new Error(`upload: HTTP ${upload.status} ${await upload.text()}`);
  const file = ((await upload.json()) as { data: { id: string } }).data;
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

/** A brand-new regular user (registered and password set through the API): token and user. */
export async function freshUser(name: string): Promise<AuthResult> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${Date.now()}@example.qa`;
  await apiCall(null, 'POST', '/auth/register', { name, email });
  const link = new URL(await setPasswordLink(email));
  const verificationToken = link.searchParams.get('verificationToken') ?? '';
  return apiCall<AuthResult>(null, 'POST', '/auth/set-password', {
    verificationToken,
    newPassword: 'fresh-pass-1',
    confirmPassword: 'fresh-pass-1',
  });
}

/** The newest set-password link mailed to `email` (waits for the outbox file). */
export async function setPasswordLink(email: string, after = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mails = outbox().filter((m) => m.to === email && m.link?.includes('/set-password'));
    if (mails.length > after) return mails.at(-1)!.link!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no set-password mail for ${email}`);
}

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
