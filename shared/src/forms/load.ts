/**
 * Puts `@bawaba/shared/forms` (the form kit) in the build of whoever provides the @bawaba/shared singleton,
 * so that app provides it too: on the composed site every remote gets the host's copy, built with the
 * singleton's one Chakra and i18n, fetched the first time a page shows a form. Calling it loads the kit
 * ahead of need.
 */
export const loadFormKit = () => import('@bawaba/shared/forms');
