import type { Contract, ContractMilestone, ContractVariation } from '@bawaba/shared/contracts';

/** Test data: a contract as the API sends it (unit tests only; the API's own answers are checked by its tests). */
const person = (id: number, name: string) => ({ id, name, companyName: null, companyNameLang: null });

const none = { submit: false, accept: false, requestChanges: false, pay: false };

export const milestone = (patch: Partial<ContractMilestone> = {}): ContractMilestone => ({
  id: 31,
  position: 0,
  title: 'Design',
  description: 'Drawings',
  dueDate: '2027-02-10',
  amount: 10000,
  status: 'pending',
  submission: null,
  changesReason: null,
  acceptedAt: null,
  acceptedBy: null,
  payment: null,
  can: none,
  refusals: {},
  ...patch,
});

export const variation = (patch: Partial<ContractVariation> = {}): ContractVariation => ({
  id: 51,
  milestoneId: 31,
  dueDate: '2027-03-01',
  amount: null,
  previousDueDate: '2027-02-10',
  previousAmount: null,
  scope: null,
  reason: 'Rain delayed the site survey',
  status: 'proposed',
  proposedBy: person(9, 'Sara Supplier'),
  proposedSide: 'supplier',
  proposedAt: '2026-11-25T09:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  can: { accept: false, reject: false, withdraw: false },
  refusals: {},
  ...patch,
});

export const contract = (patch: Partial<Contract> = {}): Contract => ({
  id: 7,
  number: 'BWB-2026-0005-C',
  status: 'pending',
  tender: { id: 5, number: 'BWB-2026-0005', title: 'Fit-out of the Lusail office', titleLang: 'en' },
  buyer: { companyId: 3, name: 'الدوحة للإنشاءات', nameLang: 'ar' },
  supplier: { companyId: 4, name: 'Gulf Fit-out', nameLang: 'en' },
  side: 'buyer',
  value: 50000,
  currency: 'QAR',
  progress: { total: 1, accepted: 0, paid: 0 },
  createdAt: '2026-11-20T10:00:00.000Z',
  scope: null,
  proposal: { id: 41, title: 'Our offer', description: 'Made for the test' },
  documents: { tender: [], proposal: [] },
  acceptances: { buyer: null, supplier: { name: 'Sara Supplier', at: '2026-11-21T10:30:00.000Z' } },
  milestones: [milestone()],
  variations: [],
  history: [
    { id: 1, action: 'created', actor: null, details: {}, at: '2026-11-20T10:00:00.000Z' },
    {
      id: 2,
      action: 'accepted',
      actor: person(9, 'Sara Supplier'),
      details: { side: 'supplier' },
      at: '2026-11-21T10:30:00.000Z',
    },
  ],
  completedAt: null,
  termination: null,
  can: { accept: true, terminate: true, proposeVariation: false },
  refusals: {},
  ...patch,
});
