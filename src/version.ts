/** The package version ("dev" when running from sources). */
export const VERSION: string = typeof __VERSION__ === 'string' ? __VERSION__ : 'dev';
