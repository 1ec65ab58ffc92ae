import { openDatabase } from './src/db/connect.ts';
const dir = process.argv[2]!;
try {
  const d = await openDatabase({ dataDir: dir });
  await d.db.execute('select 1' as never).catch(() => {});
  await d.close();
  console.log('START OK');
} catch (e) { console.log('START FAILED', String(e).slice(0, 300)); process.exit(1); }
