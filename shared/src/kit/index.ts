/**
 * The page kit of the signed-in areas (import from '@bawaba/shared/kit', a bundled entry: each remote that uses it
 * carries its own copy, so a remote may use a new name here without waiting for a host release). Its texts are
 * extracted into each using remote's own catalog (shared/build/lingui.ts `kit`), never into shared's: an older
 * host's catalogs need not have them. A part that needs a lazy singleton entry (chakra-extra, the overlays) is not
 * re-exported here, so that the kit never pulls one into a first page: the proposal version has its own entry
 * (`@bawaba/shared/kit/proposal-version`), the reject dialog is fetched on first use.
 */
export { ActedBy } from './ActedBy.tsx';
export { CREDENTIAL_KIND_LABELS, CredentialBadges, useDayFormat } from './credentials.tsx';
export { FileButton } from './FileButton.tsx';
export { LazyReasonDialog, LazyRejectDialog } from './LazyRejectDialog.tsx';
export { InvitedBadge, ReasonLine, SealedPrice } from './marks.tsx';
export {
  type Decision,
  DecisionButtons,
  Detail,
  Empty,
  LoadFailed,
  Loading,
  PageTitle,
} from './page-parts.tsx';
export type { ReasonDialogProps } from './ReasonDialog.tsx';
export type { RejectDialogProps } from './RejectDialog.tsx';
