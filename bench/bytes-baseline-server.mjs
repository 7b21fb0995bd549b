// The read-models benchmark's yardstick: a bare node:http server answering each path with the
// bytes the platform answered it with (argv[2]: a JSON file of path -> { type, body base64 }).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const samples = new Map(Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8')))
  .map(([path, { type, body }]) => [path, { type, body: Buffer.from(body, 'base64') }]));

const server = createServer((req, res) => {
  const sample = samples.get(req.url ?? '');
  if (!sample) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': sample.type, 'content-length': sample.body.length }).end(sample.body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ message: 'listening', port: server.address().port }) + '\n');
});
process.on('SIGTERM', () => process.exit(0));
