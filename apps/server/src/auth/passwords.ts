import { hash, verify } from '@node-rs/argon2';

// DESIGN.md: argon2id. OWASP's minimum profile (19 MiB, 2 passes); the identity issue's benchmark tunes it.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

// Verified against when the user does not exist, so an unknown user costs as much time as a wrong password.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword('decoy-password-for-timing');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
