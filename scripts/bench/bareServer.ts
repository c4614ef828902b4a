// The yardstick of `npm run bench api`: a bare Fastify route answering a small JSON body.
import Fastify from 'fastify';

const app = Fastify();
app.post('/bare', async () => ({ UserAccountId: 1, Username: 'bare' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.info('bare server ready');
