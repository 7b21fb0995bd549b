import { ensureBuild } from '../../scripts/ensure-build.mjs';

/** The API tests run the production build; make sure it matches the sources. */
export default function setup(): void {
  ensureBuild({ quiet: true });
}
