// npm run db:restore FILE: puts a backup made by db:backup into PORTAL_DATA_DIR (default
// ./data). Refused while a server holds the folder. The backup is unpacked beside the
// folder and opened once (so a broken file changes nothing); then the current folder is
// moved aside to <folder>.before-restore-<date> (kept, never deleted) and the backup takes its place.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

import { LOCK_FILE, lockDataDir } from '../server/src/db/data-dir-lock.ts';
import { checkOpens, extractArchive, fail, lockOrExplain, portalDataDir, refuseDatabaseUrl } from './data-folder.ts';

refuseDatabaseUrl('db:restore', 'pg_restore --clean --if-exists --dbname "$DATABASE_URL" portal.dump');
const file = process.argv[2];
if (!file) fail('Usage: npm run db:restore FILE   (FILE: a portal-backup-....tar.gz made by npm run db:backup)');
const archive = resolve(file);
if (!existsSync(archive) || !statSync(archive).isFile()) fail(`No backup file at ${archive}.`);

const dataDir = portalDataDir();
mkdirSync(dataDir, { recursive: true });
const lock = lockOrExplain(dataDir, 'db:restore');
const stamp = new Date()
  .toISOString()
  .replace(/:/g, '-')
  .replace(/\.\d+Z$/, 'Z');
const incoming = join(dirname(dataDir), `.${basename(dataDir)}.restoring-${stamp}`);
let incomingLock: ReturnType<typeof lockDataDir> | undefined;
try {
  mkdirSync(incoming);
  try {
    extractArchive(archive, incoming);
  } catch {
    throw new Error(
      `${archive} could not be unpacked (not a .tar.gz made by npm run db:backup?). Nothing was changed.`,
    );
  }
  if (!existsSync(join(incoming, 'PG_VERSION')))
    throw new Error(`${archive} is not a portal backup (it holds no PG_VERSION). Nothing was changed.`);
  rmSync(join(incoming, LOCK_FILE), { force: true });
  await checkOpens(incoming);
  // Locked before it moves in, so no server can start on it until the restore is done.
  incomingLock = lockDataDir(incoming, 'db:restore');

  const hasData = readdirSync(dataDir).some((name) => name !== LOCK_FILE);
  let aside: string | undefined;
  if (hasData) {
    aside = `${dataDir}.before-restore-${stamp}`;
    renameSync(dataDir, aside);
    rmSync(join(aside, LOCK_FILE), { force: true });
  } else {
    lock.release();
    rmSync(dataDir, { recursive: true, force: true });
  }
  renameSync(incoming, dataDir);
  console.log(
    `Restored ${archive}\ninto ${dataDir}.` +
      (aside ? `\nThe folder as it was is kept in ${aside} (delete it once you are sure).` : ''),
  );
} catch (error) {
  rmSync(incoming, { recursive: true, force: true });
  fail((error as Error).message);
} finally {
  lock.release();
  // The lock file moved in with the folder: remove it there.
  if (incomingLock) rmSync(join(dataDir, LOCK_FILE), { force: true });
}
