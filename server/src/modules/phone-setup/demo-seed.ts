import type { Inserts } from '../../db/connect.ts';
import { holdMusicSettings, voicemailSettings } from '../../db/schema/phone-setup.ts';

/** The demo's phones start with the default voicemail and hold music (db/seed.ts, db/demo-factory.ts). */
export async function seedDefaultPhoneSettings(tx: Inserts, productIds: readonly number[], now: Date): Promise<void> {
  if (productIds.length === 0) return;
  const rows = productIds.map((productId) => ({ productId, updatedAt: now }));
  await tx.insert(voicemailSettings).values(rows);
  await tx.insert(holdMusicSettings).values(rows);
}
