import { argon2, randomBytes, timingSafeEqual } from "node:crypto";

// Owner passwords are hashed with argon2id at OWASP's recommended minimum (m = 19 MiB, t = 2, p = 1; ASVS 5.0
// §11.4.2), with Node's own implementation (node:crypto, Node 24), stored as a PHC string so the parameters
// travel with the hash and can be raised later without breaking old hashes.

const MEMORY_KIB = 19 * 1024;
const PASSES = 2;
const PARALLELISM = 1;
const TAG_BYTES = 32;
const SALT_BYTES = 16;

function derive(
  password: string,
  salt: Buffer,
  params: { m: number; t: number; p: number; length: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2(
      "argon2id",
      {
        message: password,
        nonce: salt,
        memory: params.m,
        passes: params.t,
        parallelism: params.p,
        tagLength: params.length,
      },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

const b64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const tag = await derive(password, salt, { m: MEMORY_KIB, t: PASSES, p: PARALLELISM, length: TAG_BYTES });
  return `$argon2id$v=19$m=${MEMORY_KIB},t=${PASSES},p=${PARALLELISM}$${b64(salt)}$${b64(tag)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const [, m, t, p, salt, tag] = match;
  const expected = Buffer.from(tag!, "base64");
  const actual = await derive(password, Buffer.from(salt!, "base64"), {
    m: Number(m),
    t: Number(t),
    p: Number(p),
    length: expected.length,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A random password for the first start: 20 characters from a 57-character alphabet (~116 bits). */
export function generatePassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = randomBytes(64);
  let password = "";
  for (const byte of bytes) {
    // Rejection sampling keeps every character equally likely.
    if (byte >= 256 - (256 % alphabet.length)) continue;
    password += alphabet[byte % alphabet.length];
    if (password.length === 20) break;
  }
  return password.length === 20 ? password : generatePassword();
}
