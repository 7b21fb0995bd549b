import { parseCookie, stringifySetCookie, type SetCookie } from 'cookie';
import { copyAnswer } from './answer-bytes';
import type { CallContext } from './request-context';

/** The cookie attributes calls set (the session and results cookies, the recording cookie). */
export type CookieOptions = Omit<SetCookie, 'name' | 'value'>;

/** A request's cookies as endpoints read and write them; what is written becomes the answer's Set-Cookie. */
export interface RouteCookies {
  get(name: string): { readonly value: string } | undefined;
  set(name: string, value: string, options?: CookieOptions): void;
  delete(name: string, options?: CookieOptions): void;
}

/**
 * What a route's handler reads of its request (the fields of Astro's APIContext the endpoints
 * used): the route's params, the URL, the guards' locals, the request with its body, cookies,
 * the client's address and redirects.
 */
export interface RouteContext extends CallContext {
  readonly request: Request;
  readonly cookies: RouteCookies;
  readonly clientAddress: string;
  redirect(path: string, status?: number): Response;
}

/** Astro's spelling of a deleted cookie, so a cleared session looks the same to clients whichever path cleared it. */
const DELETED = { value: 'deleted', expires: new Date(0) };

/** A cookie jar over the Cookie header, parsed on first read; `setCookies` lists what was written, in order. */
export class CookieJar implements RouteCookies {
  private parsed: Record<string, string | undefined> | undefined;
  private readonly outgoing = new Map<string, string>();

  constructor(private readonly header: string | null) {}

  get(name: string): { readonly value: string } | undefined {
    this.parsed ??= this.header ? parseCookie(this.header) : {};
    const value = this.parsed[name];
    return value === undefined ? undefined : { value };
  }

  set(name: string, value: string, options: CookieOptions = {}): void {
    this.outgoing.set(name, stringifySetCookie({ ...options, name, value }));
  }

  delete(name: string, options: CookieOptions = {}): void {
    const { maxAge: _unset, ...kept } = options;
    this.outgoing.set(name, stringifySetCookie({ ...kept, name, ...DELETED }));
  }

  /** The answer with this jar's Set-Cookie headers added (on a copy when its headers are immutable). */
  applyTo(response: Response): Response {
    if (this.outgoing.size === 0) return response;
    let answer = response;
    try {
      for (const line of this.outgoing.values()) answer.headers.append('set-cookie', line);
    } catch {
      answer = copyAnswer(response);
      for (const line of this.outgoing.values()) answer.headers.append('set-cookie', line);
    }
    return answer;
  }
}
