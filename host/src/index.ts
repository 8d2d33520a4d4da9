import { warmUpIntl } from './warm-up-intl.ts';

// Async boundary: Module Federation negotiates the shared singletons before any app code runs. Started from a
// task of its own, so the federation runtime's start-up (main.js) and the loading of the shared singletons are
// two short tasks rather than one long one (Total Blocking Time).
setTimeout(() => void import('./bootstrap.tsx'), 0);
warmUpIntl();
