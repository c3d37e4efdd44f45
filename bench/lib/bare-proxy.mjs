// The bench's anchor for the gateway: the least a Fastify reverse proxy can do on the same path —
// one keep-alive undici Agent, the request's headers forwarded (hop-by-hop ones dropped, the
// x-forwarded-* set), the upstream's status, headers and body streamed back. No Nest, no security
// headers, no token check, no tracing, no compression. Run as its own process, like the gateway:
//   PORT=3090 UPSTREAM=http://127.0.0.1:3002 node bench/lib/bare-proxy.mjs
import Fastify from 'fastify';
import { Agent } from 'undici';

const port = Number(process.env.PORT);
const upstream = process.env.UPSTREAM;
if (!port || !upstream) throw new Error('PORT and UPSTREAM are required');

/** RFC 9110 §7.6.1: these describe one connection, not the message, and are not forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host']);

const agent = new Agent({ keepAliveTimeout: 10_000 });
const app = Fastify({ logger: false });
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

app.all('/*', async (request, reply) => {
  const headers = {};
  for (const [name, value] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  headers['x-forwarded-for'] = request.ip;
  headers['x-forwarded-proto'] = request.protocol;
  const answer = await agent.request({
    origin: upstream,
    path: request.raw.url,
    method: request.method,
    headers,
    body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
  });
  for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) reply.header(name, value);
  return reply.code(answer.statusCode).send(answer.body);
});

await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => agent.close()));
