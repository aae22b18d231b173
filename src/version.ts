/** The package version ("dev" when running from sources). */
export const VERSION: string = typeof __VERSION__ === 'string' ? __VERSION__ : 'dev';

/** What --version prints: the version and, from the single executable, the Node inside it. */
export const VERSION_TEXT: string =
  typeof __SINGLE_EXECUTABLE__ === 'boolean' && __SINGLE_EXECUTABLE__
    ? `${VERSION} (single executable, Node ${process.version})`
    : VERSION;
