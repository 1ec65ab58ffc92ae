// Runs the live test-call spec (e2e/live-call.spec.ts, Playwright project "live-call") in a loopback-only network
// namespace when it can (root, as CI is): the server, its call runtime and Chromium then share only 127.0.0.1, so
// no WebRTC or RTP packet can reach another address. Without root (or unshare) it runs as it is and says so: the
// runtime still offers only host candidates and asks no STUN server. Extra arguments go to `playwright test`.
import { spawnSync } from 'node:child_process';

const args = ['playwright', 'test', '--project=live-call', ...process.argv.slice(2)];
const quoted = args.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
const isRoot = process.getuid?.() === 0;
const probe = isRoot ? spawnSync('unshare', ['-n', 'true'], { stdio: 'ignore' }) : null;
let result;
if (probe && probe.status === 0) {
  console.log('live-call e2e: in a loopback-only network namespace (unshare -n)');
  result = spawnSync('unshare', ['-n', 'sh', '-c', `ip link set lo up && exec npx ${quoted}`], { stdio: 'inherit' });
} else {
  console.log(
    `live-call e2e: ${isRoot ? 'unshare -n failed' : 'not root'}, so on this machine's network (loopback is still all it uses)`,
  );
  result = spawnSync('npx', args, { stdio: 'inherit' });
}
process.exit(result.status ?? 1);
