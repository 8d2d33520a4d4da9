import { lazy, Suspense } from 'react';
import type { ReasonDialogProps } from './ReasonDialog.tsx';
import type { RejectDialogProps } from './RejectDialog.tsx';

const RejectDialog = lazy(() => import('./RejectDialog.tsx'));
const ReasonDialog = lazy(() => import('./ReasonDialog.tsx'));

/** The reject-with-reason dialog, fetched with the first Reject click (pages render it only while it is open). */
export function LazyRejectDialog(props: RejectDialogProps) {
  return (
    <Suspense fallback={null}>
      <RejectDialog {...props} />
    </Suspense>
  );
}

/** An action that takes a reason (ReasonDialog), fetched with its first use (pages render it only while it is open). */
export function LazyReasonDialog(props: ReasonDialogProps) {
  return (
    <Suspense fallback={null}>
      <ReasonDialog {...props} />
    </Suspense>
  );
}
