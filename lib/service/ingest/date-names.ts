/**
 * Month names and abbreviations feeds write, lower case and without accents (see `plainWord`), in
 * English, Portuguese, Spanish, French, German, Italian and Dutch. Months are 0-based.
 */
const MONTH_NAMES: Array<[number, string]> = [
  [0, 'january jan janeiro enero ene janvier janv januar jänner janner gennaio gen januari'],
  [1, 'february feb fevereiro fev febrero fevrier fevr fev februar febbraio februari'],
  [2, 'march mar marco marzo mars marz mrz maart mrt'],
  [3, 'april apr abril abr avril avr aprile'],
  [4, 'may maio mai mayo maggio mag mei'],
  [5, 'june jun junho junio juin juni giugno giu'],
  [6, 'july jul julho julio juillet juil juli luglio lug'],
  [7, 'august aug agosto ago aout augustus'],
  [8, 'september sep sept setembro set septiembre setiembre septembre settembre'],
  [9, 'october oct outubro out octubre octobre oktober okt ottobre ott'],
  [10, 'november nov novembro noviembre novembre'],
  [11, 'december dec dezembro dez diciembre dic decembre dezember dicembre'],
];

/** Month index by every name above. */
export const MONTHS: ReadonlyMap<string, number> = new Map(
  MONTH_NAMES.flatMap(([month, names]) => names.split(' ').map((name) => [plainWord(name), month] as [string, number])),
);

/**
 * Zone abbreviations in minutes east of UTC: RFC 822's, the military letters it allows, and the
 * ones feeds write anyway. Where a name is ambiguous the commonest reading in feeds wins: IST is
 * India, BST British Summer Time, CST US Central.
 */
export const ZONES: ReadonlyMap<string, number> = new Map(Object.entries({
  ut: 0, utc: 0, gmt: 0, z: 0, wet: 0, west: 60, bst: 60, ist: 330, cet: 60, met: 60, mez: 60, cest: 120,
  mest: 120, mesz: 120, eet: 120, eest: 180, msk: 180, est: -300, edt: -240, cst: -360, cdt: -300,
  mst: -420, mdt: -360, pst: -480, pdt: -420, akst: -540, akdt: -480, hst: -600, ast: -240, adt: -180,
  nst: -210, ndt: -150, hne: -300, hae: -240, jst: 540, kst: 540, hkt: 480, sgt: 480, pht: 480, wib: 420,
  ict: 420, pkt: 300, awst: 480, acst: 570, acdt: 630, aest: 600, aedt: 660, nzst: 720, nzdt: 780,
  brt: -180, brst: -120, art: -180, clt: -240, clst: -180, cot: -300, pet: -300, vet: -240,
  wat: 60, cat: 120, eat: 180, sast: 120, a: -60, m: -720, n: 60, y: 720,
}));

/** A word lower-cased and stripped of accents, to look up names however a feed spelled them. */
export function plainWord(word: string): string {
  const lower = word.toLowerCase();
  return /^[\x00-\x7f]*$/.test(lower) ? lower : lower.normalize('NFD').replace(/\p{M}/gu, '');
}
