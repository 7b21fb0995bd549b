// @ts-expect-error -- a plain .mjs build helper shared with `npm start`
import { ensureBuild } from '../../scripts/ensure-build.mjs';

/** The API tests run the production build; make sure it matches the sources. */
export default function setup(): void {
  (ensureBuild as (options: { quiet: boolean }) => void)({ quiet: true });
}
