import type { Inserts } from '../../db/connect.ts';
import { shopItems } from '../../db/schema/shop.ts';

/**
 * The shop's catalogue (ours; the spec shows none): a dozen items by category and sub-category,
 * prices in pence before VAT. Devices name their model in contract HARDWARE_MODELS (bought ones
 * are added to the cloud phone); the delivery charge is category Setup with no sub-category.
 */
export const DEMO_SHOP_ITEMS: Array<typeof shopItems.$inferInsert> = [
  {
    name: 'Yealink T31P desk phone',
    category: 'Phones',
    subCategory: 'Desk phones',
    pricePence: 5999,
    hardwareModelId: 1,
  },
  {
    name: 'Yealink T46U desk phone',
    category: 'Phones',
    subCategory: 'Desk phones',
    pricePence: 11999,
    hardwareModelId: 2,
  },
  {
    name: 'Yealink T54W desk phone',
    category: 'Phones',
    subCategory: 'Desk phones',
    pricePence: 14999,
    hardwareModelId: 6,
  },
  {
    name: 'Poly VVX 250 desk phone',
    category: 'Phones',
    subCategory: 'Desk phones',
    pricePence: 9999,
    hardwareModelId: 3,
  },
  {
    name: 'Yealink W73P cordless phone',
    category: 'Phones',
    subCategory: 'Cordless phones',
    pricePence: 12999,
    hardwareModelId: 5,
  },
  {
    name: 'Yealink W73H extra handset',
    category: 'Phones',
    subCategory: 'Cordless phones',
    pricePence: 6999,
    hardwareModelId: null,
  },
  {
    name: 'Grandstream HT802 phone adapter',
    category: 'Adapters',
    subCategory: 'Analogue adapters',
    pricePence: 4499,
    hardwareModelId: 4,
  },
  {
    name: 'Jabra Evolve2 30 headset',
    category: 'Accessories',
    subCategory: 'Headsets',
    pricePence: 7999,
    hardwareModelId: null,
  },
  {
    name: 'Yealink UH37 headset',
    category: 'Accessories',
    subCategory: 'Headsets',
    pricePence: 6499,
    hardwareModelId: null,
  },
  {
    name: 'Yealink PoE injector',
    category: 'Accessories',
    subCategory: 'Power',
    pricePence: 1499,
    hardwareModelId: null,
  },
  {
    name: 'Desk phone power supply',
    category: 'Accessories',
    subCategory: 'Power',
    pricePence: 999,
    hardwareModelId: null,
  },
  {
    name: 'Ethernet cable, 3 m',
    category: 'Accessories',
    subCategory: 'Cables',
    pricePence: 299,
    hardwareModelId: null,
  },
  { name: 'Delivery', category: 'Setup', subCategory: null, pricePence: 799, hardwareModelId: null },
].map((item, position) => ({ ...item, position }));

export async function seedShopCatalogue(tx: Inserts): Promise<void> {
  await tx.insert(shopItems).values(DEMO_SHOP_ITEMS);
}
