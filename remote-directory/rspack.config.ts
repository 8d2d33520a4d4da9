import { createAppConfig } from '@bawaba/shared/build';

export default (env: Record<string, unknown>) =>
  createAppConfig({ appDir: import.meta.dirname, app: 'directory', env });
