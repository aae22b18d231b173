// The settings `config` reads and changes, as its help names them.

export const SETTING_NAMES = 'base-url, authkey, appkey or timezone';
