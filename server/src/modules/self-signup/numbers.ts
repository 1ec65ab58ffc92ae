import type { NumberRating, SignupNumber } from '@portal/contract';
import { NUMBER_RATINGS } from '@portal/contract';

/**
 * The numbers a self sign-up may choose from: this module's own small inventory (Ofcom's drama
 * ranges, so none rings anyone), until the numbers area's inventory and reservation take over
 * (issue 14). `signupNumberChoice` and `isSignupNumber` are the places to switch.
 */
const AREAS = [
  { prefix: '0113496', area_code: '0113', area: 'Leeds' },
  { prefix: '0207946', area_code: '020', area: 'London' },
  { prefix: '0161496', area_code: '0161', area: 'Manchester' },
] as const;
/** Spec 001 section 9: unfiltered lists show up to 4 gold and 4 silver; free ones we cap at 12 (a page). */
const SHOWN: Record<NumberRating, number> = { GOLD: 4, SILVER: 4, FREE: 12 };

/** Memorable endings are worth more: a digit three times (0111, 0999) gold; a pair (0244) or a pair repeated (1212) silver. */
function ratingOf(number: string): NumberRating {
  const end = number.slice(-4);
  if (/(\d)\1\1$/.test(end)) return 'GOLD';
  if (/(\d)\1$/.test(end) || end.slice(0, 2) === end.slice(2)) return 'SILVER';
  return 'FREE';
}

function* inventory(areaCode?: string): Generator<SignupNumber> {
  for (const area of AREAS) {
    if (areaCode && area.area_code !== areaCode) continue;
    for (let n = 0; n < 1000; n++) {
      const number = `${area.prefix}${String(n).padStart(4, '0')}`;
      const rating = ratingOf(number);
      yield { number, area_code: area.area_code, area: area.area, rating, price: NUMBER_RATINGS[rating].price };
    }
  }
}

/** Whether a number is one this inventory holds. */
export const isSignupNumber = (number: string): boolean => AREAS.some((area) => number.startsWith(area.prefix) && /^\d{4}$/.test(number.slice(area.prefix.length)));

/** The choice shown: up to 4 gold, 4 silver and 12 free numbers not in use (`isTaken`), optionally of one area code. */
export async function signupNumberChoice(isTaken: (numbers: string[]) => Promise<Set<string>>, areaCode?: string): Promise<SignupNumber[]> {
  const all = [...inventory(areaCode)];
  const taken = await isTaken(all.map((entry) => entry.number));
  const counts: Record<NumberRating, number> = { GOLD: 0, SILVER: 0, FREE: 0 };
  return all.filter((entry) => !taken.has(entry.number) && counts[entry.rating]++ < SHOWN[entry.rating]);
}
