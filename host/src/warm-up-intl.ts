/**
 * The first Intl objects a page makes are slow: V8 loads ICU's data on first use. Measured in Chromium on a desktop
 * CPU (four times that on a phone): a locale's likely subtags ≈ 4 ms, then the first number or date format ≈ 15 ms
 * (the data they share), then the other ≈ 2 ms; later ones, any locale, take a fraction of a millisecond. Paid
 * inside the first render (the shared formatters, Chakra's direction check), they lengthened its longest tasks
 * (Total Blocking Time).
 *
 * The host pays it while the page's scripts are still downloading and the main thread has nothing to do, one
 * piece per task, in the order that keeps each task shortest. The objects are thrown away: the loaded data is
 * what is kept. Nothing depends on it having run; it only moves work that would happen anyway.
 */
const WARM_UPS: ((locale: string) => unknown)[] = [
  (locale) => new Intl.Locale(locale).maximize(),
  (locale) => new Intl.NumberFormat(locale).format(1),
  (locale) => new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Qatar', dateStyle: 'short' }).format(0),
];

export function warmUpIntl(): void {
  // The page's language, set by index.html's inline script before any bundle runs.
  const locale = `${document.documentElement.lang === 'ar' ? 'ar' : 'en'}-QA`;
  const runFrom = (index: number) => {
    const warmUp = WARM_UPS[index];
    if (!warmUp) return;
    setTimeout(() => {
      try {
        warmUp(locale);
      } catch {
        // A browser without this part of Intl: nothing to warm up.
      }
      runFrom(index + 1);
    }, 0);
  };
  runFrom(0);
}
