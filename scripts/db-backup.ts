// npm run db:backup [FOLDER]: the embedded database and the stored audio of PORTAL_DATA_DIR
// (default ./data) in one file, FOLDER/portal-backup-<date>.tar.gz (FOLDER: default
// PORTAL_BACKUP_DIR, else ./backups). The server must be stopped: the folder's lock says if it
// runs. The database is opened and closed cleanly first (a checkpoint), so the copy is whole
// and known to open. With DATABASE_URL, back up that server with pg_dump instead (docs/operations.md).
import { mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { archiveFolder, checkOpens, fail, lockOrExplain, portalDataDir, refuseDatabaseUrl } from './data-folder.ts';

refuseDatabaseUrl('db:backup', 'pg_dump --format=custom --file=portal.dump "$DATABASE_URL"');
const dataDir = portalDataDir();
try {
  statSync(join(dataDir, 'PG_VERSION'));
} catch {
  fail(`There is no embedded database in ${dataDir} to back up (no PG_VERSION). Is PORTAL_DATA_DIR right?`);
}
const lock = lockOrExplain(dataDir, 'db:backup');
try {
  await checkOpens(dataDir).catch((error: Error) => fail(error.message));
  const folder = resolve(process.argv[2] ?? process.env.PORTAL_BACKUP_DIR ?? 'backups');
  mkdirSync(folder, { recursive: true });
  const stamp = new Date()
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  const file = join(folder, `portal-backup-${stamp}.tar.gz`);
  archiveFolder(dataDir, file);
  const size = statSync(file).size;
  console.log(
    `Backed up ${dataDir} (database and audio) to\n${file}\n(${(size / 1024 / 1024).toFixed(1)} MB). Restore it with: npm run db:restore ${file}`,
  );
} finally {
  lock.release();
}
