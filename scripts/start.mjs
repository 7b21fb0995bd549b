// `npm start`: build if the sources changed, then run the server in this process (so SIGTERM
// from a supervisor reaches it directly).
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import('../server.mjs');
