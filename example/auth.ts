import { jwtVerify, SignJWT } from 'jose';
import { UnauthorizedError } from 'routing-controllers';
import type { PrincipalAction } from '../src';
import { ROLES, type Role, User } from './models/User';

/** Who is asking the example: a user of the `users` table, as its bearer token names it. */
export interface Caller {
  id: number;
  name: string;
  role: Role;
}

/**
 * The key tokens are signed with when JWT_SECRET is not set: public, so for development only. The
 * server refuses to start with it under NODE_ENV=production (example/config.ts).
 */
export const DEVELOPMENT_KEY = 'routing-controllers-api example: development key, never for production';

const ISSUER = 'books-api';
const AUDIENCE = 'books-api';
const BEARER = /^Bearer ([A-Za-z0-9\-_.]+)$/;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/**
 * A token for `caller`, signed with `secret` (HS256), valid for `expiresIn` (jose's syntax).
 *
 * @example
 * const token = await tokenFor({ id: 2, name: 'Eli Editor', role: 'editor' }, DEVELOPMENT_KEY);
 * fetch('/v1/books/101', { headers: { Authorization: `Bearer ${token}` } });
 */
export function tokenFor(caller: Caller, secret: string, expiresIn = '30d'): Promise<string> {
  return new SignJWT({ name: caller.name, role: caller.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(caller.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(keyOf(secret));
}

/**
 * useApi()'s `principal` for the example: no `Authorization` header is an anonymous caller (null);
 * a valid bearer token is its user; anything else (another scheme, a bad signature, an expired
 * token, a role the example does not know) is a 401, with no detail of what was wrong.
 *
 * @example
 * useApi(app, { controllers, policies: examplePolicies, principal: bearerPrincipal(DEVELOPMENT_KEY) });
 */
export function bearerPrincipal(secret: string): (action: PrincipalAction) => Promise<Caller | null> {
  const key = keyOf(secret);
  return async ({ request }) => {
    const header = (request as { headers: Record<string, string | string[] | undefined> }).headers.authorization;
    if (header === undefined) return null;
    const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    if (!token) throw new UnauthorizedError('The Authorization header must be a bearer token');
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      const id = Number(payload.sub);
      const role = payload.role as Role;
      if (!Number.isSafeInteger(id) || id < 1 || !ROLES.includes(role) || typeof payload.name !== 'string') throw new Error('claims');
      return { id, name: payload.name, role } satisfies Caller;
    } catch {
      throw new UnauthorizedError('The bearer token is not valid');
    }
  };
}

/**
 * bearerPrincipal() that reads the token's user on every request (one statement a request): a user
 * deleted since the token was signed is a 401, and a user whose role changed is asked as their role
 * now. bearerPrincipal() alone trusts the token's claims until it expires (30 days).
 *
 * @example
 * useApi(app, { controllers, policies: examplePolicies, principal: currentUserPrincipal(DEVELOPMENT_KEY) });
 */
export function currentUserPrincipal(secret: string): (action: PrincipalAction) => Promise<Caller | null> {
  const verify = bearerPrincipal(secret);
  return async (action) => {
    const claimed = await verify(action);
    if (!claimed) return null;
    const user = await User.findByPk(claimed.id, { attributes: ['id', 'name', 'role'] });
    if (!user) throw new UnauthorizedError('The bearer token is not valid');
    return { id: user.id, name: user.name, role: user.role };
  };
}
