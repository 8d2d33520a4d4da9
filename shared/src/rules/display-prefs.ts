/**
 * How a reader wants numbers and dates shown, whatever the site's language: the digits (the language's own —
 * Arabic-Indic in Arabic, Latin in English — or always Arabic-Indic, or always Latin) and, on Arabic pages where
 * both calendars are shown, which comes first (Gregorian or Hijri). Kept in the browser (localStorage) for every
 * reader, and on the account of a signed-in one (PATCH /users/me `displayPrefs`), which the shell copies here at
 * sign-in.
 *
 * Every copy of this module on the page (the host's shared singleton formats the remotes' numbers; each app
 * bundles the rules) reads the same storage key and hears the same window event, so all agree at once.
 */

export type DigitsChoice = 'auto' | 'arab' | 'latn';
export type DateOrder = 'gregorian_first' | 'hijri_first';

export interface DisplayPrefs {
  digits: DigitsChoice;
  dateOrder: DateOrder;
}

export const DEFAULT_DISPLAY_PREFS: DisplayPrefs = { digits: 'auto', dateOrder: 'gregorian_first' };

const STORAGE_KEY = 'displayPrefs';
const CHANGE_EVENT = 'bawaba:display-prefs';

/**
 * The page's storage and events, typed here: the API imports the rules too, and neither exists there (nor does the
 * DOM's type library in its build).
 */
type StorageEventLike = { key?: string | null };
type Listener = (event: StorageEventLike) => void;
interface PageScope {
  window?: {
    addEventListener(type: string, listener: Listener): void;
    removeEventListener(type: string, listener: Listener): void;
    dispatchEvent(event: object): boolean;
  };
  localStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  Event?: new (type: string) => object;
}
const scope = globalThis as PageScope;
const page = () => scope.window;

function storage(): PageScope['localStorage'] | null {
  try {
    return scope.localStorage ?? null;
  } catch {
    return null;
  }
}

/** A stored or received value, each field checked (anything else is the default). */
export function readDisplayPrefs(raw: unknown): DisplayPrefs {
  const v = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof DisplayPrefs, unknown>>;
  return {
    digits: v.digits === 'arab' || v.digits === 'latn' ? v.digits : 'auto',
    dateOrder: v.dateOrder === 'hijri_first' ? 'hijri_first' : 'gregorian_first',
  };
}

let current: DisplayPrefs | undefined;

function load(): DisplayPrefs {
  const raw = storage()?.getItem(STORAGE_KEY);
  try {
    return readDisplayPrefs(raw ? JSON.parse(raw) : null);
  } catch {
    return DEFAULT_DISPLAY_PREFS;
  }
}

let listening = false;
function listen(): void {
  const w = page();
  if (listening || !w) return;
  listening = true;
  const refresh = () => {
    current = load();
  };
  w.addEventListener(CHANGE_EVENT, refresh);
  // Another tab changed them.
  w.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEY || e.key === null) refresh();
  });
}

/** The reader's current choices (the same object until they change, for React's useSyncExternalStore). */
export function displayPrefs(): DisplayPrefs {
  listen();
  current ??= load();
  return current;
}

/** Stores the choices and tells every copy of this module on the page, and every subscriber. */
export function setDisplayPrefs(next: Partial<DisplayPrefs>): DisplayPrefs {
  const merged = readDisplayPrefs({ ...displayPrefs(), ...next });
  storage()?.setItem(STORAGE_KEY, JSON.stringify(merged));
  current = merged;
  const w = page();
  if (w && scope.Event) w.dispatchEvent(new scope.Event(CHANGE_EVENT));
  return merged;
}

/** Calls `onChange` whenever the choices change (here or in another tab); returns the unsubscribe. */
export function subscribeDisplayPrefs(onChange: () => void): () => void {
  const w = page();
  if (!w) return () => undefined;
  listen();
  const handler = () => {
    current = load();
    onChange();
  };
  w.addEventListener(CHANGE_EVENT, handler);
  w.addEventListener('storage', handler);
  return () => {
    w.removeEventListener(CHANGE_EVENT, handler);
    w.removeEventListener('storage', handler);
  };
}
