/**
 * The canonical JSON text of a value, the same bytes for the same data whichever way it was built: the
 * serialisation of RFC 8785 (JCS) for the values the audit trail and telemetry records hold. Object keys
 * are sorted by their UTF-16 code units, there is no whitespace, strings and numbers are written as
 * ECMAScript's JSON.stringify writes them, and a key whose value is undefined is left out (as
 * JSON.stringify does). NaN, the infinities, anything JSON has no form for (functions, symbols,
 * bigints) and objects that are not plain (a Date: convert it to text first) are refused.
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`${value} has no JSON form`);
      return JSON.stringify(value);
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value))
        return `[${value.map((item: unknown) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
      const prototype: unknown = Object.getPrototypeOf(value);
      // A Date or a class instance would otherwise pass as `{}`: the caller converts it first.
      if (prototype !== Object.prototype && prototype !== null)
        throw new TypeError('only plain objects and arrays have a canonical form');
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort(byCodeUnits);
      return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
    }
    case 'undefined':
    case 'bigint':
    case 'function':
    case 'symbol':
      throw new TypeError(`a ${typeof value} has no JSON form`);
  }
}

/** Array.prototype.sort's default order for strings, stated: by UTF-16 code units, as RFC 8785 sorts. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
