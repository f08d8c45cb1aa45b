// Numbered parameters for SQL assembled from parts: every value goes through add(), never into the text.
export class SqlParams {
  readonly values: unknown[] = [];

  /** The placeholder ($n) of a new parameter holding `value`. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
