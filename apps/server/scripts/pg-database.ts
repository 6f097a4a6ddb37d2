// Creates or drops a PostgreSQL database: node pg-database.ts create|drop postgres://host:port/name
import pg from 'pg';

const [action, target] = process.argv.slice(2);
if (!['create', 'drop'].includes(action ?? '') || !target) {
  console.error('usage: node pg-database.ts create|drop postgres://user@host:port/name');
  process.exit(2);
}
const url = new URL(target);
const name = url.pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
  console.error(`invalid database name: ${name}`);
  process.exit(2);
}
url.pathname = '/postgres';
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
await client.query(
  action === 'create' ? `create database ${name}` : `drop database if exists ${name} with (force)`,
);
await client.end();
console.log(`${action === 'create' ? 'created' : 'dropped'} database ${name}`);
