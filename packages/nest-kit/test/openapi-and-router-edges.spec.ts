import net from 'node:net';
import { Body, Controller, Get, type INestApplication, Module, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiResponse } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { AnswersMedia, Redirects, registeredRoutes } from '../src/index.js';
import { fetchJson, openApiGaps, startTestApp } from '../src/testing/index.js';

class SlotDto {
  @IsString() @MaxLength(10) date!: string;
  @IsInt() @Min(0) @Max(23) hour!: number;
}
/** No decorator of its own, as booking's RescheduleBookingDto. */
class MoveDto extends SlotDto {}
class PageQuery {
  @IsOptional() @IsInt() @Min(1) page?: number;
}
/** A body nobody described: the completeness check must name it. */
class Untyped {
  value!: string;
}

@Controller('things')
class ThingsController {
  @Get(':id')
  @ApiOkResponse({ schema: { type: 'object', properties: { id: { type: 'string' } } } })
  one(@Param('id') id: string) {
    return { id };
  }
  @Get()
  list(@Query() query: PageQuery) {
    return query;
  }
  @Post('move')
  move(@Body() dto: MoveDto) {
    return dto;
  }
  @Post('untyped')
  untyped(@Body() dto: Untyped) {
    return dto;
  }
  @Get(':id/photo')
  @AnswersMedia(200, ['image/png'], 'The photo')
  photo() {
    return Buffer.from('png');
  }
  @Get(':id/away')
  @Redirects(302, 'To where the thing lives')
  away() {
    return '';
  }
  /** A redirect that says nothing of where it goes. */
  @Get(':id/nowhere')
  @ApiResponse({ status: 302 })
  nowhere() {
    return '';
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

describe('an app from createHttpApp', () => {
  let app: INestApplication;
  let url: string;
  beforeAll(async () => {
    ({ app, url } = await startTestApp(ThingsModule));
  });
  afterAll(() => app.close());

  it('answers a path parameter longer than any id with a 404 ApiErrorBody, not Fastify’s own 414', async () => {
    const { status, body } = await fetchJson(`${url}/things/${'ا'.repeat(200)}`);
    expect(status).toBe(404);
    expect(body).toEqual({ statusCode: 404, code: 'not_found', message: 'Not found', requestId: expect.any(String) });
  });

  it('answers a URL larger than the HTTP parser takes with a 431 ApiErrorBody', async () => {
    const { status, body } = await fetchJson(`${url}/things?page=${'9'.repeat(20_000)}`);
    expect(status).toBe(431);
    expect(body).toEqual({ statusCode: 431, code: 'request_too_large', message: expect.any(String) });
  });

  it('lets a client still sending an oversized request read its 431 rather than a reset connection', async () => {
    // 4 MB is more than the sockets buffer: the client is still writing when the parser gives up.
    const { port } = new URL(url);
    const statusLine = await new Promise<string>((resolve) => {
      let received = '';
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(`PUT /things/${'a'.repeat(4_000_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
      socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(`${error.code} after ${JSON.stringify(received)}`));
      socket.on('close', () => resolve(received.split('\r\n')[0]!));
    });
    expect(statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
  });

  it('lists the routes its router registered', () => {
    const names = registeredRoutes(app).map(({ method, url: path }) => `${method} ${path}`);
    expect(names).toEqual(expect.arrayContaining(['GET /things/:id', 'GET /things', 'POST /things/move', 'POST /things/untyped', 'GET /things/:id/photo', 'GET /openapi.json']));
  });

  it('documents bodies and query strings from the class-validator decorators, an undecorated subclass as its parent', async () => {
    const document = (await fetchJson(`${url}/openapi.json`)).body;
    const schemas = document.components.schemas;
    expect(schemas.MoveDto).toMatchObject({ properties: { date: { type: 'string', maxLength: 10 }, hour: { type: 'integer', minimum: 0, maximum: 23 } } });
    expect(schemas.MoveDto.required).toEqual(expect.arrayContaining(['date', 'hour']));
    expect(document.paths['/things'].get.parameters).toEqual([{ name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } }]);
  });

  it('names the gaps of its document against the router, and excuses that are no longer gaps', async () => {
    const excused = { 'GET /openapi.json': 'the document', 'GET /things/{id}': 'documented since' };
    // A media answer and a redirect with its Location are documented; a bare 302 is not.
    expect(await openApiGaps(app, url, excused)).toEqual([
      'GET /things/{id}/nowhere: no schema for a success answer',
      'GET /things/{id}: excused but has no gap (remove it from the list)',
      'GET /things: no schema for a success answer',
      'POST /things/move: no schema for a success answer',
      'POST /things/untyped: application/json request body has no schema',
      'POST /things/untyped: no schema for a success answer',
    ]);
  });
});
