import './build-globals.ts';

export * from './catalogs.ts';
export { acceptFor, uploadFile } from './components/upload.ts';
export * from './federation/apps.ts';
export * from './federation/contract.ts';
export { framedSegments } from './federation/RemoteFrame.tsx';
export { mountRemoteHarness } from './federation/RemoteHarness.tsx';
export { RemotePlaceholder } from './federation/RemotePlaceholder.tsx';
export * from './federation/singleton-probe.ts';
export * from './format/index.ts';
export * from './http/client.ts';
export * from './i18n/index.ts';
export * from './i18n/messages.ts';
export * from './store/session.ts';
export { AppProviders } from './ui/AppProviders.tsx';
export * from './ui/popups.ts';
export { system } from './ui/system.ts';
export * from './ui/toaster.ts';
