import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";

// A passkey made in software, as a browser's authenticator would answer a registration (WebAuthn Level 3 §6.1,
// §7.1) with "none" attestation: a real P-256 key, the authenticator data and the CBOR attestation object, so the
// server's own verification (SimpleWebAuthn) checks it like any other.

const b64url = (bytes: Buffer) => bytes.toString("base64url");

/** The CBOR (RFC 8949) of the values an attestation object holds: whole numbers, text, bytes and maps. */
function cbor(value: number | string | Buffer | Map<number | string, unknown>): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(length, 1);
    return bytes;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string")
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const entries = [...value].flatMap(([key, item]) => [cbor(key), cbor(item as Parameters<typeof cbor>[0])]);
  return Buffer.concat([head(5, value.size), ...entries]);
}

/**
 * The answer to registration options (`challenge` as the server sent it) from a new passkey for `origin`
 * (its host is the relying party's id).
 */
export function softwarePasskey(challenge: string, origin: string): RegistrationResponseJSON {
  const { publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const coseKey = new Map<number, unknown>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x!, "base64url")],
    [-3, Buffer.from(jwk.y!, "base64url")],
  ]);
  const credentialId = randomBytes(16);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(credentialId.length);
  const authenticatorData = Buffer.concat([
    createHash("sha256").update(new URL(origin).hostname).digest(),
    Buffer.from([0x45]), // user present, user verified, attested credential data
    Buffer.alloc(4), // signature counter
    Buffer.alloc(16), // AAGUID
    length,
    credentialId,
    cbor(coseKey),
  ]);
  const attestationObject = cbor(
    new Map<string, unknown>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authenticatorData],
    ]),
  );
  const clientData = { type: "webauthn.create", challenge, origin, crossOrigin: false };
  return {
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    type: "public-key",
    response: {
      clientDataJSON: b64url(Buffer.from(JSON.stringify(clientData))),
      attestationObject: b64url(attestationObject),
      transports: ["internal"],
    },
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
  };
}
