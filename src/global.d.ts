/** The package version, injected by the bundler. */
declare const __VERSION__: string | undefined;

/** The country calling codes of the per-code phone metadata files in dist/ (space-separated), injected by the bundler. */
declare const __PHONE_CALLING_CODES__: string | undefined;
