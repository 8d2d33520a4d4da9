import { linguiConfig } from '@bawaba/shared/build/lingui';

export default linguiConfig({ kit: true });
