import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` give up after 1 s by default; on a 2-core CI machine running two test files beside a build,
// a render that takes 1.2 s is slow, not wrong. A missing element still fails, after 5 s.
configure({ asyncUtilTimeout: 5000 });
