/** A page of the console, as mails link to it: CONSOLE_URL (with or without a trailing slash) and the page's path. */
export const consoleLink = (consoleUrl: string, path: string): string => `${consoleUrl.replace(/\/+$/, '')}${path}`;
