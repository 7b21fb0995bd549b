/** The largest body a console write reads (a JSON object of a few fields; an announcement of 2,000 characters). */
export const CONSOLE_BODY = 16 * 1024;
