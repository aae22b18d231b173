/** The package version, injected by the bundler. */
declare const __VERSION__: string | undefined;
