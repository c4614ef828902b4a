import { hash, verify } from '@node-rs/argon2';

// DESIGN.md: argon2id. 64 MiB and 3 passes cost one sign-in about 80 ms of CPU on the project's
// machines (`npm run bench auth`; the identity issue asks for 50–250 ms). Tests lower it through
// the environment so hundreds of sign-ins stay fast; each hash records its own parameters.
const ARGON2_OPTIONS = {
  memoryCost: Number(process.env.ARGON2_MEMORY_KIB ?? 65_536),
  timeCost: Number(process.env.ARGON2_TIME_COST ?? 3),
  parallelism: 1,
} as const;

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

/**
 * True when a stored hash was made with other argon2 parameters than today's (or another
 * algorithm), so the next successful sign-in stores a fresh hash (OWASP: upgrade on login).
 */
export function needsRehash(passwordHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  const [, memory, time, parallelism] = match.map(Number);
  return memory !== ARGON2_OPTIONS.memoryCost || time !== ARGON2_OPTIONS.timeCost || parallelism !== ARGON2_OPTIONS.parallelism;
}
