// The comparison point of `npm run bench`: a bare Fastify with a `pg` pool that answers one
// GET by running one SQL statement given in BASELINE_SQL (parameters in BASELINE_PARAMS, a JSON
// array) and sending its rows as JSON. No plugins, hooks, validation or logging.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const sql = process.env.BASELINE_SQL ?? 'select 1';
const params = JSON.parse(process.env.BASELINE_PARAMS ?? '[]') as unknown[];
const app = Fastify({ logger: false });
app.get('/baseline', async () => {
  const { rows } = await pool.query(sql, params);
  return { isSuccess: true, code: 0, msg: '', msg_en: '', data: rows };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', stop);
