import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * The one Chakra system for the whole site. Brand tokens live here so the host and every remote look
 * the same. (Issue 8 will shrink it to the recipes actually used.)
 */
const brand = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%' },
    body: { fontFamily: 'body' },
  },
  theme: {
    tokens: {
      fonts: {
        body: { value: "system-ui, 'Segoe UI', 'Noto Sans Arabic', Tahoma, Arial, sans-serif" },
        heading: { value: "system-ui, 'Segoe UI', 'Noto Sans Arabic', Tahoma, Arial, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#eef6f6' },
          100: { value: '#d3e8e8' },
          500: { value: '#1d6f73' },
          600: { value: '#155a5e' },
          700: { value: '#0f4649' },
          900: { value: '#072426' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.500}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, brand);
