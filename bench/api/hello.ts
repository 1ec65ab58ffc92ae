// The yardstick for bench/api: a bare Fastify answering {"hello":"world"}, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(`hello listening on ${typeof address === 'object' && address ? address.port : ''}`);
