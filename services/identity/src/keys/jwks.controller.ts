import { Controller, Get, Header } from '@nestjs/common';
import { type JsonWebKeySet, JWKS_PATH } from '@khidma/contracts';
import { Answers, Public } from '@khidma/nest-kit';
import { KeyStore } from './key-store.js';

/** The public signing keys every verifier uses (served outside the /api prefix, see app.ts). */
@Controller()
export class JwksController {
  constructor(private readonly keys: KeyStore) {}

  @Public()
  @Get(JWKS_PATH.slice(1))
  // Short: verifiers refetch on an unknown kid anyway; caches must not hide a rotation for long.
  @Header('Cache-Control', 'public, max-age=60')
  @Answers(200, 'JsonWebKeySet')
  jwks(): JsonWebKeySet {
    return this.keys.jwks();
  }
}
