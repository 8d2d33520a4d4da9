import './build-globals.ts';

export * from './catalogs.ts';
export { CompanyLogo, companyLogoSrc, LOGO_EXTENSIONS } from './components/CompanyLogo.tsx';
export { CloseIcon, FileIcon, lineIcon, UploadIcon } from './components/icons.tsx';
export { PageBanner, type PageBannerProps } from './components/PageBanner.tsx';
export { Pager, type PagerProps } from './components/Pager.tsx';
export { loadSanitizer, SafeHtml, sanitizeHtml, sanitizeOnServerWith } from './components/SafeHtml.tsx';
export {
  ApprovalBadge,
  CompanyStatusBadge,
  PAYMENT_TERM_LABELS,
  PaymentBadge,
  STATUS_LABELS,
  StatusBadge,
  type StatusBadgeProps,
  TenderStatusMarker,
} from './components/StatusBadge.tsx';
export * from './federation/apps.ts';
export * from './federation/contract.ts';
export { framedSegments } from './federation/RemoteFrame.tsx';
export { mountRemoteHarness } from './federation/RemoteHarness.tsx';
export { RemotePlaceholder } from './federation/RemotePlaceholder.tsx';
export * from './federation/singleton-probe.ts';
export * from './format/index.ts';
export { loadFormKit } from './forms/load.ts';
export { type CallOptions, downloadFile, getData, type Query, sendData } from './http/api.ts';
export * from './http/client.ts';
export { acceptFor, UploadError, type UploadOptions, uploadFile } from './http/upload.ts';
export {
  type HandedOverAnswer,
  type Loaded,
  ServerAnswers,
  ServerAnswersContext,
  useLoad,
} from './http/use-load.ts';
export * from './i18n/index.ts';
export * from './i18n/messages.ts';
/** The browser's hydration window (the host opens it before hydrating the server's page and closes it after). */
export { closeHydrationWindow, openHydrationWindow } from './render/hydrating.ts';
/** The reader's digits and calendar order (the host hydrates a server's page only with the defaults). */
export { DEFAULT_DISPLAY_PREFS, displayPrefs } from './rules/display-prefs.ts';
export * from './store/session.ts';
export * from './store/sign-in.ts';
export * from './store/use-store-in-transition.ts';
export { AppProviders, serverStyles, serverStyleTag } from './ui/AppProviders.tsx';
export { AppToaster } from './ui/AppToaster.tsx';
export * from './ui/chakra.ts';
export { confirmLogout, logout } from './ui/logout.ts';
export { MountOnceWanted } from './ui/MountOnceWanted.tsx';
export { PopupHost } from './ui/PopupHost.tsx';
export * from './ui/popups.ts';
export * from './ui/router.ts';
export { getSystem, prepareSystem } from './ui/system.ts';
export * from './ui/toaster.ts';
