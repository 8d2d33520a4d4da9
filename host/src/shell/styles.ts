/** Phone numbers and references read left to right inside Arabic text. */
export const LTR = { direction: 'ltr', unicodeBidi: 'isolate' } as const;
