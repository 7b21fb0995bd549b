import { PAGE_BODY_MAX } from '~/contracts/console-content';

/** A page's text at its longest, written out as JSON (every character escaped at worst), with its other fields. */
export const PAGE_BODY = PAGE_BODY_MAX * 6 + 16 * 1024;
