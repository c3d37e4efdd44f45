import { Controller, Get, Header } from '@nestjs/common';
import { JWKS_PATH } from '@khidma/contracts';
import { Public } from '@khidma/nest-kit';
import type { JSONWebKeySet } from 'jose';
import { KeyStore } from './key-store.js';

/** The public signing keys every verifier uses (served outside the /api prefix, see app.ts). */
@Controller()
export class JwksController {
  constructor(private readonly keys: KeyStore) {}

  @Public()
  @Get(JWKS_PATH.slice(1))
  // Short: verifiers refetch on an unknown kid anyway; caches must not hide a rotation for long.
  @Header('Cache-Control', 'public, max-age=60')
  jwks(): JSONWebKeySet {
    return this.keys.jwks();
  }
}
