import { linguiConfig } from './build/lingui.ts';

export default linguiConfig();
