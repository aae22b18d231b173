// The example group id of the group commands' help.

export const GROUP = '120363012345678901@g.us';
