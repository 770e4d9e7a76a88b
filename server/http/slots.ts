/**
 * Open things (streams) counted per key in this process's memory: `acquire` takes a slot or says
 * there is none left; the release it returns frees the slot once, however often it is called.
 */
export type Slots = {
  acquire(key: string): (() => void) | null;
  /** How many slots the key holds now. */
  held(key: string): number;
};

export function createSlots(max: number): Slots {
  const open = new Map<string, number>();
  return {
    acquire(key) {
      const count = open.get(key) ?? 0;
      if (count >= max) return null;
      open.set(key, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      };
    },
    held: (key) => open.get(key) ?? 0,
  };
}
