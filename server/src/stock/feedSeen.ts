// Which code-locations a feed has named so far, in numbers rather than strings: a snapshot names a million and more,
// and a set of that many strings kept to the feed's end costs seconds of the garbage collector. Each is kept as two
// 32-bit hashes of its text in an open-addressing table; a code-location whose hashes were seen before may be one
// named twice (or, about once in 2^63 pairs, another with the same hashes): the caller checks those exactly.

/** Two independent 32-bit hashes (FNV-1a and a multiply-xorshift) of a code's key and a location, the second never 0 (0 marks a free slot). */
function hashes(codeKey: string, location: string): [number, number] {
  let first = 0x811c9dc5;
  let second = 0x9747b28c;
  // the key, a 0 (a key holds letters and digits only: no 0), the location
  const length = codeKey.length + 1 + location.length;
  for (let index = 0; index < length; index += 1) {
    const char =
      index < codeKey.length
        ? codeKey.charCodeAt(index)
        : index === codeKey.length
          ? 0
          : location.charCodeAt(index - codeKey.length - 1);
    first = Math.imul(first ^ char, 0x01000193);
    second = Math.imul(second ^ char, 0x5bd1e995);
    second ^= second >>> 15;
  }
  return [first >>> 0, (second | 1) >>> 0];
}

export class SeenSet {
  private first = new Uint32Array(1 << 16);
  private second = new Uint32Array(1 << 16);
  private size = 0;

  /** Notes a code (its key) at a location; true when it (or one of the same two hashes) was noted before. */
  seenBefore(codeKey: string, location: string): boolean {
    const [first, second] = hashes(codeKey, location);
    const mask = this.first.length - 1;
    for (let slot = first & mask; ; slot = (slot + 1) & mask) {
      if (this.second[slot] === 0) {
        this.first[slot] = first;
        this.second[slot] = second;
        this.size += 1;
        if (this.size * 2 > this.first.length) this.grow();
        return false;
      }
      if (this.first[slot] === first && this.second[slot] === second) return true;
    }
  }

  private grow(): void {
    const [oldFirst, oldSecond] = [this.first, this.second];
    this.first = new Uint32Array(oldFirst.length * 2);
    this.second = new Uint32Array(oldSecond.length * 2);
    const mask = this.first.length - 1;
    for (let index = 0; index < oldFirst.length; index += 1) {
      if (oldSecond[index] === 0) continue;
      let slot = oldFirst[index]! & mask;
      while (this.second[slot] !== 0) slot = (slot + 1) & mask;
      this.first[slot] = oldFirst[index]!;
      this.second[slot] = oldSecond[index]!;
    }
  }
}
