/** The package version, injected by the bundler. */
declare const __VERSION__: string | undefined;

/** The country calling codes of the per-code phone metadata files in dist/ (space-separated), injected by the bundler. */
declare const __PHONE_CALLING_CODES__: string | undefined;

/** True in the single executable's bundle (scripts/build-binary.mjs), injected by the bundler. */
declare const __SINGLE_EXECUTABLE__: boolean | undefined;
