import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse } from '@nestjs/swagger';
import { OpenApiService } from './openapi.service.js';

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

  @Get('openapi.json')
  @Header('cache-control', 'no-cache')
  @ApiOkResponse({ description: "The merged OpenAPI document of the gateway and every reachable service" })
  openapi() {
    return this.openApi.document();
  }
}
