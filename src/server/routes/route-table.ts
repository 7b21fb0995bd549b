import { createRouter } from '~/server/http/router';
import type { RouteDeclaration } from '~/server/http/route-rules';
import { consoleRoutes } from './console.routes';
import { eventRoutes } from './event.routes';
import { loginRoutes } from './login.routes';
import { opsRoutes } from './ops.routes';
import { resultsRoutes } from './results.routes';
import { socialRoutes } from './social.routes';

/** Every JSON call the node answers, with its rules (docs/api.md is generated from this list). */
export const ROUTES: readonly RouteDeclaration[] = [...eventRoutes, ...socialRoutes, ...resultsRoutes, ...consoleRoutes, ...loginRoutes, ...opsRoutes];

/** The router of every call: server.mjs calls it directly, the Astro catch-all endpoints in dev. */
export const callRouter = createRouter(ROUTES);

const PROBES = new Set(ROUTES.filter((route) => route.who === 'probe').map((route) => route.path));

/** Whether a path is a probe's: the traffic gate never sheds those. */
export const isProbePath = (path: string): boolean => PROBES.has(path);
