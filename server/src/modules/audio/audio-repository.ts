import { and, asc, eq, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../../db/connect.ts';
import { audioFiles } from '../../db/schema/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    audioRepository: AudioRepository;
  }
}

export type AudioFileRow = typeof audioFiles.$inferSelect;
export type NewAudioFileRow = typeof audioFiles.$inferInsert;

/** The audio files of a site (spec 001 section 3 "Audio file"); their bytes live in the audio storage. */
export function createAudioRepository(db: Database) {
  return {
    /** The product's files, oldest first; only those with this stored filename and kind when given. */
    async list(productId: number, filter: { storedFilename?: string; kind?: AudioFileRow['kind'] } = {}): Promise<AudioFileRow[]> {
      const conditions: SQL[] = [eq(audioFiles.productId, productId)];
      if (filter.storedFilename !== undefined) conditions.push(eq(audioFiles.storedFilename, filter.storedFilename));
      if (filter.kind !== undefined) conditions.push(eq(audioFiles.kind, filter.kind));
      return db
        .select()
        .from(audioFiles)
        .where(and(...conditions))
        .orderBy(asc(audioFiles.id));
    },

    async byStoredFilename(productId: number, storedFilename: string): Promise<AudioFileRow | undefined> {
      const [file] = await db
        .select()
        .from(audioFiles)
        .where(and(eq(audioFiles.productId, productId), eq(audioFiles.storedFilename, storedFilename)))
        .limit(1);
      return file;
    },

    async add(file: NewAudioFileRow): Promise<AudioFileRow> {
      const [row] = await db.insert(audioFiles).values(file).returning();
      if (!row) throw new Error('audio file not inserted');
      return row;
    },
  };
}

export type AudioRepository = ReturnType<typeof createAudioRepository>;

export default fp(
  async (app) => {
    app.decorate('audioRepository', createAudioRepository(app.db));
  },
  { name: 'audio-repository', dependencies: ['db'] },
);
