import { loadConfigOrExit } from '@khidma/nest-kit';
import { identityConfigSchema } from '../config.js';
import { keyFilePath, parseKeys, readKeyFile, rotate, writeKeyFile } from './signing-keys.js';

/**
 * `npm run rotate-keys -w services/identity`: adds a new signing key and drops keys whose tokens have
 * all expired. With the key file (development) running replicas pick it up within seconds; with
 * JWT_PRIVATE_JWKS (production) it prints the new value for the operator to store and roll out.
 */
const config = loadConfigOrExit('identity-rotate-keys', identityConfigSchema);
if (config.JWT_PRIVATE_JWKS) {
  const keys = await rotate(parseKeys(config.JWT_PRIVATE_JWKS, 'JWT_PRIVATE_JWKS'));
  process.stdout.write(`${JSON.stringify(keys)}\n`);
  process.stderr.write(`[identity-rotate-keys] new JWT_PRIVATE_JWKS above: ${keys.length} keys, ${keys.at(-1)!.kid} signs\n`);
} else {
  const path = keyFilePath(config.DATA_DIR);
  const keys = await rotate((await readKeyFile(path)) ?? []);
  await writeKeyFile(path, keys);
  process.stdout.write(`[identity-rotate-keys] ${path}: ${keys.length} keys, ${keys.at(-1)!.kid} signs\n`);
}
