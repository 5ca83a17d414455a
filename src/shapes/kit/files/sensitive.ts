// Files that usually hold secrets, by name: .env and .env.* (but not the .example, .sample
// and .template copies), SSH private keys and cloud credentials files.
import path from 'node:path';

const SECRET_NAMES = new Set(['id_rsa', 'id_ed25519', 'id_ecdsa', 'credentials']);
const SAFE_ENV = new Set(['.env.example', '.env.sample', '.env.template']);

export function isSensitive(p: string): boolean {
  const base = path.basename(p);
  if (SAFE_ENV.has(base)) return false;
  return base === '.env' || base.startsWith('.env.') || SECRET_NAMES.has(base);
}
