import { describe, expect, it } from 'vitest';
import {
  type ContractFacts,
  contractPermissions,
  contractSide,
  milestoneAmounts,
  milestoneRefusal,
  variationRefusal,
} from './contract-rules.ts';

const contract = (patch: Partial<ContractFacts> = {}): ContractFacts => ({
  status: 'pending',
  buyer: { companyId: 1, userId: 10 },
  supplier: { companyId: null, userId: 20 },
  buyerAcceptedAt: null,
  supplierAcceptedAt: null,
  ...patch,
});
const buyer = { id: 11, isAdmin: false, companyId: 1, roles: ['buyer'] };
const buyerViewer = { id: 12, isAdmin: false, companyId: 1, roles: ['viewer'] };
const supplier = { id: 20, isAdmin: false, companyId: null };
const stranger = { id: 30, isAdmin: false, companyId: 2, roles: ['admin'] };
const admin = { id: 1, isAdmin: true };

describe('the contract rulebook', () => {
  it('knows each side: a company by its members, a person by themselves', () => {
    expect(contractSide(contract(), buyer)).toBe('buyer');
    expect(contractSide(contract(), supplier)).toBe('supplier');
    // A personal contract is its person's whichever company their session acts for (lib/sides.ts `onSide`).
    expect(contractSide(contract(), { ...supplier, companyId: 2 })).toBe('supplier');
    expect(contractSide(contract(), { ...buyer, companyId: 2 })).toBeNull();
    expect(contractSide(contract(), admin)).toBeNull();
  });

  it('lets each side accept once while pending; strangers do not see it; admins act on nothing', () => {
    expect(contractPermissions(contract(), buyer).can.accept).toBe(true);
    expect(contractPermissions(contract({ buyerAcceptedAt: '2026-01-01' }), buyer).refusals.accept).toBe(
      'CONTRACT_ALREADY_ACCEPTED',
    );
    expect(contractPermissions(contract(), buyerViewer).refusals.accept).toBe('COMPANY_ROLE_REQUIRED');
    expect(contractPermissions(contract(), stranger).refusals.accept).toBe('CONTRACT_NOT_FOUND');
    expect(contractPermissions(contract(), admin).refusals.terminate).toBe('FORBIDDEN');
    expect(contractPermissions(contract(), null).refusals.accept).toBe('UNAUTHORIZED');
    expect(contractPermissions(contract({ status: 'completed' }), supplier).refusals.terminate).toBe(
      'CONTRACT_ENDED',
    );
  });

  it('gives deliverables to the supplier and their review and payment to the buyer', () => {
    const active = contract({ status: 'active' });
    expect(milestoneRefusal('submit', active, { status: 'pending', paid: false }, supplier)).toBeNull();
    expect(milestoneRefusal('submit', active, { status: 'pending', paid: false }, buyer)).toBe(
      'NOT_CONTRACT_SUPPLIER',
    );
    expect(milestoneRefusal('submit', active, { status: 'submitted', paid: false }, supplier)).toBe(
      'MILESTONE_NOT_OPEN',
    );
    expect(milestoneRefusal('accept', active, { status: 'submitted', paid: false }, buyer)).toBeNull();
    expect(milestoneRefusal('accept', active, { status: 'submitted', paid: false }, supplier)).toBe(
      'NOT_CONTRACT_BUYER',
    );
    expect(milestoneRefusal('pay', active, { status: 'submitted', paid: false }, buyer)).toBe(
      'MILESTONE_NOT_ACCEPTED',
    );
    expect(milestoneRefusal('pay', active, { status: 'accepted', paid: true }, buyer)).toBe('MILESTONE_PAID');
    // Accepted work stays payable after the contract ended.
    expect(
      milestoneRefusal('pay', contract({ status: 'terminated' }), { status: 'accepted', paid: false }, buyer),
    ).toBeNull();
  });

  it('lets only the other side answer a variation, and only its proposer withdraw it', () => {
    const active = contract({ status: 'active' });
    const x = { status: 'proposed', proposedBy: 'buyer', milestoneStatus: 'pending' } as const;
    expect(variationRefusal('accept', active, x, buyer)).toBe('OWN_VARIATION');
    expect(variationRefusal('accept', active, x, supplier)).toBeNull();
    expect(variationRefusal('withdraw', active, x, supplier)).toBe('NOT_VARIATION_PROPOSER');
    expect(variationRefusal('withdraw', active, x, buyer)).toBeNull();
    expect(variationRefusal('accept', active, { ...x, milestoneStatus: 'accepted' }, supplier)).toBe(
      'MILESTONE_ACCEPTED',
    );
    expect(variationRefusal('reject', active, { ...x, status: 'rejected' }, supplier)).toBe(
      'VARIATION_NOT_PROPOSED',
    );
  });
});

describe('milestoneAmounts', () => {
  it('keeps amounts that add up to the value', () => {
    expect(milestoneAmounts([100, 200.5], 300.5)).toEqual([100, 200.5]);
  });
  it('scales amounts to a lower best and final price, in cents, adding up exactly', () => {
    const scaled = milestoneAmounts([100, 100, 100], 200);
    expect(scaled).toEqual([66.66, 66.66, 66.68]);
    expect(Math.round(scaled.reduce((s, a) => s + a, 0) * 100)).toBe(20000);
  });
});
