import { openDatabase } from './src/db/connect.ts';
import { seedIfEmpty } from './src/db/seed.ts';
import { FilesystemAudioStorage } from './src/audio/storage.ts';
const dir = process.argv[2]!;
const d = await openDatabase({ dataDir: dir });
await seedIfEmpty(d.db, new FilesystemAudioStorage(dir + '/audio'), new Date(), {});
await d.close();
console.log('ok');
