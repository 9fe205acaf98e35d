/**
 * An in-memory table of document frequencies keyed by 53-bit term id: open addressing over
 * typed arrays, so a lookup is a hash and a probe or two, with no boxed keys for the garbage
 * collector. Weighing a document reads one frequency per term, hundreds of times per new
 * item, which is why this is not a Map.
 */

const EMPTY = -1;
const TWO_32 = 4294967296;

/** Document frequencies of terms, up to a fixed number; `isFull` tells the owner when to start over. */
export type TermCounts = {
  /** The frequency of a term, or -1 when it is not held. */
  get(id: number): number;
  set(id: number, df: number): void;
  readonly size: number;
  /** How many terms it keeps before `isFull`. */
  readonly capacity: number;
  /** True once the table holds as many terms as it can keep fast. */
  isFull(): boolean;
  clear(): void;
};

/** A table of 2^bits slots, kept at most 70% full (2^20 slots: 12 MB for ~730,000 terms). */
export function createTermCounts(bits = 20): TermCounts {
  const slots = 1 << bits;
  const mask = slots - 1;
  const limit = Math.floor(slots * 0.7);
  const keys = new Float64Array(slots).fill(EMPTY);
  const values = new Uint32Array(slots);
  let size = 0;

  /** The slot holding `id`, or the empty slot where it would go. */
  function slotOf(id: number): number {
    const low = id >>> 0;
    const high = (id - low) / TWO_32;
    let slot = (Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1) >>> (32 - bits)) & mask;
    while (keys[slot] !== EMPTY && keys[slot] !== id) slot = (slot + 1) & mask;
    return slot;
  }

  return {
    get(id) {
      const slot = slotOf(id);
      return keys[slot] === id ? values[slot] : EMPTY;
    },
    set(id, df) {
      const slot = slotOf(id);
      if (keys[slot] !== id) {
        // Past the limit a full table would probe for long; the owner clears it before that matters.
        if (size >= slots - 1) throw new Error('The term frequency table is full.');
        keys[slot] = id;
        size++;
      }
      values[slot] = df;
    },
    get size() {
      return size;
    },
    capacity: limit,
    isFull: () => size >= limit,
    clear() {
      keys.fill(EMPTY);
      size = 0;
    },
  };
}
