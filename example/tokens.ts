import { tokenFor, type Caller } from './auth';
import { User } from './models';

/**
 * A bearer token for each user of the database, signed with `secret`: what `npm run tokens` and the
 * development server print, so that a tour can ask as a reader, an editor or an admin.
 *
 * @example
 * for (const { user, token } of await userTokens(DEVELOPMENT_KEY)) console.log(user.role, token);
 */
export async function userTokens(secret: string): Promise<Array<{ user: Caller; token: string }>> {
  const users = await User.findAll({ order: [['id', 'ASC']] });
  return Promise.all(
    users.map(async ({ id, name, role }) => {
      const user = { id, name, role };
      return { user, token: await tokenFor(user, secret) };
    }),
  );
}

/** The lines that show them: `Eli Editor (editor, user 2): Authorization: Bearer eyJ...`. */
export async function tokenLines(secret: string): Promise<string[]> {
  return (await userTokens(secret)).map(({ user, token }) => `${user.name} (${user.role}, user ${user.id}): Authorization: Bearer ${token}`);
}
