import { accountsNamed, insertUser } from '../db/queries/users';
import { allRows, firstRow } from '../db/rows';
import { ApiError } from '../lib/errors';
import { hashPassword } from '../lib/password';

export interface RegisterProps {
  username: string;
  email: string;
  password: string;
}

const USERNAME_TAKEN = "Ce nom d'utilisateur est déjà utilisé";
const EMAIL_TAKEN = 'Cette adresse email est déjà utilisée';

/**
 * Creates an account. Uniqueness is enforced by the database's unique indexes, so two
 * registrations racing for the same name cannot both win; the check before the insert
 * is only there to name which field is taken.
 */
export async function registerUser(d1: D1Database, props: RegisterProps, now: number) {
  const usernameKey = props.username.toLowerCase();
  const clash = await allRows(accountsNamed(d1, usernameKey, props.email));
  if (clash.some((r) => r.username_key === usernameKey)) throw new ApiError(409, 'username_taken', USERNAME_TAKEN);
  if (clash.length) throw new ApiError(409, 'email_taken', EMAIL_TAKEN);

  const passwordHash = await hashPassword(props.password);
  try {
    const row = await firstRow(insertUser(d1, { username: props.username, usernameKey, email: props.email, passwordHash }, now));
    return row!;
  } catch (err) {
    if (String(err).includes('UNIQUE')) {
      const onName = String(err).includes('username');
      throw new ApiError(409, onName ? 'username_taken' : 'email_taken', onName ? USERNAME_TAKEN : EMAIL_TAKEN);
    }
    throw err;
  }
}
