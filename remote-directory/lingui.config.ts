import { linguiConfig } from '@bawaba/shared/build/lingui';

export default linguiConfig({ userText: true });
