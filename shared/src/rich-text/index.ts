/**
 * The fields of business-written texts in English and Arabic (import from '@bawaba/shared/rich-text', a bundled
 * entry: each app that uses it carries its own copy, so a remote may use it without waiting for a host release):
 * a name's or title's two versions side by side, a description's two versions in the rich-text editor, fetched only
 * when the form opens. Its texts go into the lazy catalog of the using app's part that shows the form (the app lists
 * `../shared/src/rich-text` there: shared/build/lingui.ts), never into shared's.
 */
export { BilingualDescription, TextVersionInputs } from './BilingualFields.tsx';
