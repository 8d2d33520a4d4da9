/**
 * The cookie the site's language choice is also written to: the server renders a page in the language of the cookie
 * it is asked with (scripts/site/render-pages.ts), and the browser hydrates it only when its own choice agrees. No
 * imports: the render server, tests and benchmarks read the name too.
 */
export const LANGUAGE_COOKIE = 'bawaba-lang';
