import { linguiConfig } from '@bawaba/shared/build/lingui';

// The dashboard's texts are fetched with its page (src/features/dashboard/load.ts), not with the first page.
export default linguiConfig({
  kit: true,
  lazy: { dashboard: ['src/features/dashboard'], webhooks: ['src/features/webhooks'] },
});
