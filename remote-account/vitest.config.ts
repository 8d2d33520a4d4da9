import { frontEndTest, linguiMacros } from '@bawaba/shared/build/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({ plugins: [linguiMacros()], test: frontEndTest });
