import { lazy, Suspense } from 'react';
import type { RejectDialogProps } from './RejectDialog.tsx';

const RejectDialog = lazy(() => import('./RejectDialog.tsx'));

/** The reject-with-reason dialog, fetched with the first Reject click (pages render it only while it is open). */
export function LazyRejectDialog(props: RejectDialogProps) {
  return (
    <Suspense fallback={null}>
      <RejectDialog {...props} />
    </Suspense>
  );
}
