import { createAppConfig, withServerBuild } from '@bawaba/shared/build';
import { StartupPreloadPlugin } from './build/startup-preload.ts';

export default (env: Record<string, unknown>) => {
  const options = { appDir: import.meta.dirname, app: 'host', env } as const;
  const config = createAppConfig(options);
  if (config.mode === 'production') {
    config.plugins = [
      ...(config.plugins ?? []),
      new StartupPreloadPlugin({
        // What src/bootstrap.tsx evaluates on every page; not the lazy chakra-extra, chakra-overlays, forms.
        packages: [
          'react',
          'react/jsx-runtime',
          'react-dom',
          'react-dom/client',
          'zustand',
          '@emotion/react',
          '@lingui/core',
          '@lingui/react',
          '@bawaba/shared',
          '@bawaba/shared/chakra',
        ],
        startModules: /[\\/]host[\\/]src[\\/](index\.ts|bootstrap\.tsx)$/,
        // The lazy host pages of src/routes.tsx a visitor may open first.
        pages: {
          about: './pages/About.tsx',
          terms: './pages/Terms.tsx',
          'contact-us': './pages/ContactUs.tsx',
          'open-data': './pages/open-data/OpenDataPage.tsx',
          notifications: './pages/Notifications.tsx',
          'set-password': './pages/SetPassword.tsx',
          'accept-invitation': './pages/AcceptInvitation.tsx',
          callback: './pages/PaymentCallback.tsx',
        },
        routesModule: /[\\/]host[\\/]src[\\/]routes\.tsx$/,
        // The Chakra components only remotes use: every remote's first page fetches them from the host.
        remotePagePackages: ['@bawaba/shared/chakra-extra'],
        // The catalogs src/bootstrap.tsx registers (the host's and shared's), per language.
        catalogModules: /[\\/](host|shared)[\\/]src[\\/]catalogs\.ts$/,
        catalogRequests: {
          en: ['./locales/en/messages.ts'],
          ar: ['./locales/ar/messages.ts', './contracts/messages.ts'],
        },
      }),
    ];
  }
  return withServerBuild(config, options);
};
