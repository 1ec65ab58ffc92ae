import { eq } from 'drizzle-orm';

import type { Database, Reads } from '../../db/connect.ts';
import { holdMusicSettings, voicemailSettings } from '../../db/schema/phone-setup.ts';

export type VoicemailRow = typeof voicemailSettings.$inferSelect;
export type HoldMusicRow = typeof holdMusicSettings.$inferSelect;
type VoicemailChanges = Partial<Omit<VoicemailRow, 'productId'>>;
type HoldMusicChanges = Partial<Omit<HoldMusicRow, 'productId'>>;

/** A change and the row as it was before it (whose stored audio the caller may now remove). */
export interface Changed<Row> {
  row: Row;
  before: Row;
}

// Voicemail and hold music settings of a cloud phone (spec 001 section 3). A product without a settings row has the
// defaults; the row is made by the first change.

/** The product's voicemail settings, the defaults while it has none. */
export async function voicemailSettingsOf(db: Reads, productId: number): Promise<VoicemailRow> {
  const [row] = await db.select().from(voicemailSettings).where(eq(voicemailSettings.productId, productId));
  return (
    row ?? {
      productId,
      customAudio: false,
      greetingStorageKey: null,
      greetingTtsText: null,
      greetingTtsVoice: null,
      voicemailDelay: false,
      voicemailToEmailEnabled: false,
      voicemailToEmailAddress: '',
      updatedAt: new Date(0),
    }
  );
}

/** Changes the voicemail settings, making the row if missing, with the row locked meanwhile. */
export async function changeVoicemailSettings(
  db: Pick<Database, 'transaction'>,
  productId: number,
  changes: VoicemailChanges,
): Promise<Changed<VoicemailRow>> {
  return db.transaction(async (tx) => {
    await tx.insert(voicemailSettings).values({ productId }).onConflictDoNothing();
    const [before] = await tx
      .select()
      .from(voicemailSettings)
      .where(eq(voicemailSettings.productId, productId))
      .for('update');
    const [row] = await tx
      .update(voicemailSettings)
      .set(changes)
      .where(eq(voicemailSettings.productId, productId))
      .returning();
    if (!before || !row) throw new Error('voicemail settings not made');
    return { row, before };
  });
}

/** The product's hold music settings; undefined while it has none (the built-in melody). */
export async function holdMusicSettingsOf(db: Reads, productId: number): Promise<HoldMusicRow | undefined> {
  const [row] = await db.select().from(holdMusicSettings).where(eq(holdMusicSettings.productId, productId));
  return row;
}

/** Changes the hold music settings, making the row if missing, with the row locked meanwhile. */
export async function changeHoldMusicSettings(
  db: Pick<Database, 'transaction'>,
  productId: number,
  changes: HoldMusicChanges,
): Promise<Changed<HoldMusicRow>> {
  return db.transaction(async (tx) => {
    await tx.insert(holdMusicSettings).values({ productId }).onConflictDoNothing();
    const [before] = await tx
      .select()
      .from(holdMusicSettings)
      .where(eq(holdMusicSettings.productId, productId))
      .for('update');
    const [row] = await tx
      .update(holdMusicSettings)
      .set(changes)
      .where(eq(holdMusicSettings.productId, productId))
      .returning();
    if (!before || !row) throw new Error('hold music settings not made');
    return { row, before };
  });
}
