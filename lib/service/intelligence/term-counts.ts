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

/** Slots a table starts with: small enough to stay in the processor's cache while it holds few terms. */
const FIRST_BITS = 12;

/**
 * A table of up to 2^bits slots, kept at most 70% full (2^20 slots: 12 MB for ~730,000 terms).
 * It starts small and doubles as terms arrive: every lookup of a new item's weighing lands in it,
 * and a table of the full size is mostly empty memory that misses the cache on each probe.
 */
export function createTermCounts(bits = 20): TermCounts {
  const maxSlots = 2 ** bits;
  const capacity = Math.floor(maxSlots * 0.7);
  let shift = 0;
  let mask = 0;
  let limit = 0;
  let keys = new Float64Array(0);
  let values = new Uint32Array(0);
  let size = 0;

  /** Empties the table at 2^tableBits slots. */
  function allocate(tableBits: number): void {
    const slots = 2 ** tableBits;
    shift = 32 - tableBits;
    mask = slots - 1;
    limit = Math.floor(slots * 0.7);
    keys = new Float64Array(slots).fill(EMPTY);
    values = new Uint32Array(slots);
    size = 0;
  }

  /** The slot holding `id`, or the empty slot where it would go. */
  function slotOf(id: number): number {
    const low = id >>> 0;
    const high = (id - low) / TWO_32;
    let slot = (Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1) >>> shift) & mask;
    while (keys[slot] !== EMPTY && keys[slot] !== id) slot = (slot + 1) & mask;
    return slot;
  }

  /** Moves every term into a table twice the size. */
  function grow(): void {
    const [oldKeys, oldValues] = [keys, values];
    allocate(32 - shift + 1);
    for (let i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] === EMPTY) continue;
      const slot = slotOf(oldKeys[i]);
      keys[slot] = oldKeys[i];
      values[slot] = oldValues[i];
      size++;
    }
  }

  allocate(Math.min(bits, FIRST_BITS));
  return {
    get(id) {
      const slot = slotOf(id);
      return keys[slot] === id ? values[slot] : EMPTY;
    },
    set(id, df) {
      let slot = slotOf(id);
      if (keys[slot] !== id) {
        if (size >= limit && keys.length < maxSlots) {
          grow();
          slot = slotOf(id);
        }
        // Past the limit a full table would probe for long; the owner clears it before that matters.
        if (size >= keys.length - 1) throw new Error('The term frequency table is full.');
        keys[slot] = id;
        size++;
      }
      values[slot] = df;
    },
    get size() {
      return size;
    },
    capacity,
    isFull: () => size >= capacity,
    clear() {
      if (size > 0 || keys.length === 0) allocate(Math.min(bits, FIRST_BITS));
    },
  };
}
