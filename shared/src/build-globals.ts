// Constants the shared rspack config (build/federation.ts) defines at build time.
declare global {
  /** 'host' or the remote's federation name. */
  const __BAWABA_APP__: string;
  /** `--env label=…` of the build; 'default' otherwise. Lets e2e tell two deployments apart. */
  const __BAWABA_BUILD_LABEL__: string;
  /** The release this build is: its app's version and the commit it was built from ('unknown' outside git). */
  const __BAWABA_RELEASE__: { version: string; commit: string };
}

export {};
