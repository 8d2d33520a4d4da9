import { linguiConfig } from '@bawaba/shared/build/lingui';

// The open data policy's texts are a catalog of their own: no first page shows them.
export default linguiConfig({ lazy: { 'open-data': ['src/pages/open-data'] } });
