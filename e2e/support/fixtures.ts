/**
 * Test data made through the API (not the UI): uploaded files, the open tenders one may bid on, proposals.
 * The API checks uploads by their bytes, so the fixtures are real (tiny) files.
 */
import { apiCall, apiLogin, DEMO } from './session.ts';
import { API_URL } from './site.ts';

/** A tiny valid PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A valid 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface FileFixture {
  name: string;
  mimeType: string;
  buffer: Buffer;
}
const OFFER_PDF: FileFixture = { name: 'offer.pdf', mimeType: 'application/pdf', buffer: PDF };
export const FIXTURE_PNG: FileFixture = { name: 'fixture.png', mimeType: 'image/png', buffer: PNG };

/** Upload a file (multipart, a small PDF unless told) as `token`; returns the stored file. */
export async function apiUpload(
  token: string,
  purpose: string,
  file: FileFixture = OFFER_PDF,
): Promise<{ id: string; url: string; name: string }> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const response = await fetch(`${API_URL}/files/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: string; url: string; name: string } }).data;
}

export interface TenderRow {
  id: number;
  number: string;
  title: string;
  status: 'open' | 'closed';
  ownerId: number;
  bond: number;
  participationFee: number;
  isPastDeadline: boolean;
  /** The lifecycle state: published, bids_opened, awarded, no_award, cancelled (or before publication). */
  state: string;
  approvalStatus: { status: string };
  isPublished: boolean;
  documents: { id: string; url: string; name: string; size: number; mimeType: string }[];
}

/** Public open tenders one may still bid on (published, before the deadline), with or without a fee/bond. */
export async function openTenders(token: string | null, withFee: boolean): Promise<TenderRow[]> {
  const list = await apiCall<{ items: TenderRow[] }>(
    token,
    'GET',
    '/tenders?status=open&state=published&limit=100',
  );
  return list.items.filter((t) => t.bond + t.participationFee > 0 === withFee);
}

export interface ProposalRow {
  id: number;
  tender: { id: number };
  paymentStatus: string;
  currentVersion: number;
  current: { title: string; milestones: unknown[]; breakdown: unknown[] } | null;
  versions: { version: number; title: string; submittedAt: string }[] | null;
}

/** A proposal with one milestone, made through the API; `payUrl` when the tender has a fee or bond. */
export async function apiProposal(
  token: string,
  tender: number,
  title = 'API proposal',
): Promise<{ proposal: ProposalRow; payUrl?: string }> {
  const attachment = await apiUpload(token, 'proposal-attachment');
  return apiCall<{ proposal: ProposalRow; payUrl?: string }>(token, 'POST', '/proposals', {
    tender,
    attachment: attachment.id,
    offer_price: 50000,
    title,
    description: 'Made by an e2e test',
    period: 30,
    milestones: [
      {
        title: 'Phase 1',
        description: 'Design',
        amount: 10000,
        period: 10,
        documents: [],
        start_date: '2027-02-01T00:00:00.000Z',
        end_date: '2027-02-10T00:00:00.000Z',
        expected_completion_date: '2027-02-10T00:00:00.000Z',
      },
    ],
  });
}

/**
 * Ends the tender's standstill now through the API's test hook (api/src/modules/test-hooks.ts; the e2e setups start
 * the API with TEST_HOOKS=1): the standstill job runs for it as if its days had passed. 1 when the award became
 * final, 0 when nothing was due (an objection open keeps it from becoming final).
 */
export async function endStandstill(tenderId: number): Promise<number> {
  const admin = await apiLogin(DEMO.admin);
  const { finalised } = await apiCall<{ finalised: number }>(
    admin.accessToken,
    'POST',
    `/test-hooks/tenders/${tenderId}/end-standstill`,
  );
  return finalised;
}
