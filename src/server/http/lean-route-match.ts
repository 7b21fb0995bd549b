import type { CallRoute } from './request-context';

/** Astro's route pattern (`[name]` a segment parameter) and the endpoint's GET. */
export interface LeanRoute {
  readonly pattern: string;
  readonly GET: CallRoute;
}

/** A path matched to the table: its route and the route's parameters, as Astro would give them. */
export interface LeanMatch {
  readonly route: LeanRoute;
  readonly params: Record<string, string>;
}

/** A pattern as a regular expression over decoded paths, and its parameters' names in order. */
export function compilePattern(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern.split('/').map((segment) => {
    const name = /^\[(\w+)\]$/.exec(segment)?.[1];
    if (name === undefined) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(name);
    return '([^/]+)';
  }).join('/');
  return { regex: new RegExp(`^${source}$`), names };
}

/**
 * A matcher for `routes`: a decoded path (no `%`, no trailing slash: those go to Astro, which
 * decodes and normalises them) to its route, a parameter matching any one non-empty segment;
 * undefined for a path one of `outranking` takes.
 */
export function leanRouteMatcher(routes: readonly LeanRoute[], outranking: readonly string[]): (path: string) => LeanMatch | undefined {
  const compiled = routes.map((route) => ({ route, ...compilePattern(route.pattern) }));
  const others = outranking.map((pattern) => compilePattern(pattern).regex);
  return (path) => {
    for (const { route, names, regex } of compiled) {
      const found = regex.exec(path);
      if (!found) continue;
      if (others.some((other) => other.test(path))) return undefined;
      const params: Record<string, string> = {};
      names.forEach((name, index) => { params[name] = found[index + 1]!; });
      return { route, params };
    }
    return undefined;
  };
}
