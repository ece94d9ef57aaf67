/**
 * The conditions of a query with optional filters, joined by AND. Each `$` in a condition becomes the
 * number of the next parameter, so filters can be added in any combination without counting.
 */
export class SqlConditions {
  readonly params: unknown[] = [];
  private readonly conditions: string[] = [];

  /** Adds `sql`; its `$` signs stand, in order, for `values`. */
  add(sql: string, ...values: unknown[]): this {
    let next = 0;
    this.conditions.push(sql.replace(/\$/g, () => this.param(values[next++])));
    return this;
  }

  /** A parameter outside the conditions (a LIMIT): its placeholder. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  get sql(): string {
    return this.conditions.join(' AND ');
  }
}
