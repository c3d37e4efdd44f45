import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Controller, Get, Header, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { OpenApiService } from './openapi.service.js';
import { Public } from '@khidma/nest-kit';

export const DOCS_PATH = '/api/docs';

/** Swagger UI's page; scripts come from files (no inline script) so it runs under the gateway's CSP. */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Khidma API</title>
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
<link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/swagger-ui-standalone-preset.js"></script>
<script src="${DOCS_PATH}/swagger-initializer.js"></script>
</body>
</html>
`;

// The package's main module loads the whole 1.5 MB bundle into the gateway; only its directory is needed.
const swaggerUiDir = (createRequire(import.meta.url)('swagger-ui-dist/absolute-path.js') as () => string)();

/** The only files of swagger-ui-dist the page uses; nothing else of the package is served. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

// validatorUrl null: the default badge would call validator.swagger.io, which the CSP (rightly) blocks.
const INITIALIZER = `window.ui = SwaggerUIBundle({
  url: '${DOCS_PATH}/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

@Public()
@Controller(DOCS_PATH.slice(1))
export class DocsController {
  constructor(private readonly openApi: OpenApiService) {}

  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  @ApiExcludeEndpoint()
  page() {
    return PAGE;
  }

  @Get('swagger-initializer.js')
  @Header('content-type', 'text/javascript; charset=utf-8')
  @ApiExcludeEndpoint()
  initializer() {
    return INITIALIZER;
  }

  @Get(':asset')
  @ApiExcludeEndpoint()
  asset(@Param('asset') asset: string, @Res() reply: FastifyReply) {
    const type = Object.hasOwn(ASSETS, asset) ? ASSETS[asset] : undefined;
    if (!type) throw new NotFoundException({ code: 'not_found', message: `No such file: ${asset}` });
    // Versioned with the gateway's build; a day of caching spares reloads of a 1.5 MB bundle.
    return reply.type(type).header('cache-control', 'public, max-age=86400').send(createReadStream(join(swaggerUiDir, asset)));
  }

  @Get('openapi.json')
  @Header('cache-control', 'no-cache')
  @ApiOkResponse({ description: "The merged OpenAPI document of the gateway and every reachable service" })
  openapi() {
    return this.openApi.document();
  }
}
