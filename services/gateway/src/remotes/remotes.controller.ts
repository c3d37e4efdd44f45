import { Controller, Get, Header, Inject } from '@nestjs/common';
import { REMOTE_NAMES, type RemotesManifest, remotePathPrefix } from '@khidma/contracts';
import { Answers, Public, SERVICE_CONFIG } from '@khidma/nest-kit';
import { type GatewayConfig, manifestOverride } from '../config.js';

/** The remotes' manifest URLs; the default points each at its /mfe/<name>/ path on this origin. */
const remotesManifest = (config: GatewayConfig): RemotesManifest =>
  Object.fromEntries(
    REMOTE_NAMES.map((remote) => [remote, manifestOverride(config, remote) ?? `${remotePathPrefix(remote)}mf-manifest.json`]),
  ) as RemotesManifest;

/**
 * Where the shell finds each remote, read at run time from config: moving a remote (say to a CDN) is
 * a gateway setting and never a shell rebuild.
 */
@Public()
@Controller()
export class RemotesController {
  private readonly manifest: RemotesManifest;

  constructor(@Inject(SERVICE_CONFIG) config: GatewayConfig) {
    this.manifest = remotesManifest(config);
  }

  @Get('remotes.json')
  @Header('cache-control', 'no-cache')
  @Answers(200, 'RemotesManifest', 'Remote name -> Module Federation manifest URL')
  remotes(): RemotesManifest {
    return this.manifest;
  }
}
