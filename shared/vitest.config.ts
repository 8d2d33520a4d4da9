import { defineConfig } from 'vitest/config';
import { frontEndTest, linguiMacros } from './build/vitest.ts';

export default defineConfig({
  plugins: [linguiMacros()],
  test: { ...frontEndTest, include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'] },
});
