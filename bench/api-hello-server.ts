// The baseline: a bare Fastify hello-world (no logger, no hooks), measured on the same machine in the same run.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
