import { createAppConfig, withServerBuild } from '@bawaba/shared/build';

export default (env: Record<string, unknown>) => {
  const options = { appDir: import.meta.dirname, app: 'account', env } as const;
  return withServerBuild(createAppConfig(options), options);
};
