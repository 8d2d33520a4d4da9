/**
 * Business-written texts on the page (import from '@bawaba/shared/user-text', a bundled entry: each app that uses
 * it carries its own copy, so a remote may use it without waiting for a host release). Its texts go into each
 * using app's own catalog (shared/build/lingui.ts), never into shared's. `textLangProps` alone, for first pages:
 * '@bawaba/shared/user-text/lang'.
 */
export { textLangProps } from './lang.ts';
export { UserText, useVersion, VersionSwitch, type Versions } from './UserText.tsx';
