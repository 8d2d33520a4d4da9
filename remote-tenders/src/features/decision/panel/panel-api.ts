import {
  appointPanel,
  call,
  companyMembers,
  lockTechnical,
  requestRevisit,
  saveScores,
  signDeclaration,
  submitScores,
  tenderPanel,
} from '@bawaba/shared/call';
import type { DeclarationBody, PanelBody, RevisitBody, ScoresBody } from '@bawaba/shared/contracts';

/**
 * The evaluation panel's calls (docs/decisions/0014-evaluation-panel.md): each write answers the panel as the caller
 * now reads it.
 */
export const panelApi = {
  panel: (tenderId: number) => call(tenderPanel, { params: { id: tenderId } }),
  /** The active company's members: whom the buyer side may appoint. */
  members: () => call(companyMembers),
  appoint: (tenderId: number, body: PanelBody) => call(appointPanel, { params: { id: tenderId }, body }),
  declare: (tenderId: number, body: DeclarationBody) =>
    call(signDeclaration, { params: { id: tenderId }, body }),
  saveScores: (tenderId: number, proposalId: number, body: ScoresBody) =>
    call(saveScores, { params: { id: tenderId, proposalId }, body }),
  submit: (tenderId: number) => call(submitScores, { params: { id: tenderId } }),
  revisit: (tenderId: number, body: RevisitBody) => call(requestRevisit, { params: { id: tenderId }, body }),
  lock: (tenderId: number) => call(lockTechnical, { params: { id: tenderId } }),
};
