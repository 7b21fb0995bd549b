// bench:cluster: nginx run unprivileged with its own prefix in the run's temp dir, from
// deploy/nginx/bench.conf.template, in the foreground (`daemon off`) as a child of the bench.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { root, sleep } from './bench-kit.mjs';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** Writes nginx.conf into `prefix`; `nodes` are ports on 127.0.0.1, the first one is the single pool. */
export function writeNginxConfig({ prefix, clusterPort, singlePort, nodes, workers = 4, nofile = 20_000 }) {
  for (const dir of ['logs', 'temp/body', 'temp/proxy', 'temp/fastcgi', 'temp/uwsgi', 'temp/scgi']) mkdirSync(join(prefix, dir), { recursive: true, mode: 0o777 });
  const server = (port) => `    server 127.0.0.1:${port} max_fails=2 fail_timeout=10s;`;
  const values = {
    PREFIX: prefix, WORKERS: workers, NOFILE: nofile, WORKER_CONNECTIONS: Math.floor(nofile * 0.95),
    CLUSTER_PORT: clusterPort, SINGLE_PORT: singlePort,
    CLUSTER_SERVERS: nodes.map(server).join('\n'), SINGLE_SERVERS: server(nodes[0]),
  };
  const template = readFileSync(join(root, 'deploy/nginx/bench.conf.template'), 'utf8');
  writeFileSync(join(prefix, 'nginx.conf'), template.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key])));
  copyFileSync(join(root, 'deploy/nginx/bench-locations.conf'), join(prefix, 'locations.conf'));
  const test = spawnSync(NGINX, ['-t', '-q', '-p', prefix, '-c', join(prefix, 'nginx.conf')], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
}

function accepting(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/** Starts nginx in its own process group; resolves once both front ports accept. */
export async function startNginx({ prefix, ports, track }) {
  const child = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { cwd: root, detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
  track(child);
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}; see ${prefix}/logs/error.log`);
    if ((await Promise.all(ports.map(accepting))).every(Boolean)) return child;
    await sleep(100);
  }
  throw new Error('nginx did not accept within 10 s');
}
