/**
 * Reads environment variables into typed values and collects every problem, so a service with
 * bad configuration fails at start with one message that names all of them.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

interface IntOptions {
  min?: number;
  max?: number;
}

export class EnvReader {
  private readonly problems: string[] = [];

  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  optionalString(name: string): string | undefined {
    return this.raw(name);
  }

  int(name: string, fallback: number, options: IntOptions = {}): number {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isSafeInteger(value))
      return this.problem(`${name} must be an integer, got "${raw}"`, fallback);
    return this.checkRange(name, value, options, fallback);
  }

  intList(name: string, fallback: number[], options: IntOptions & { minLength?: number } = {}): number[] {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const parts = raw.split(',').map((part) => part.trim());
    const values = parts.map(Number);
    if (parts.some((part) => part === '') || !values.every(Number.isSafeInteger)) {
      return this.problem(`${name} must be a comma-separated list of integers, got "${raw}"`, fallback);
    }
    if (values.length < (options.minLength ?? 0)) {
      return this.problem(`${name} must list at least ${options.minLength} values`, fallback);
    }
    return values.map((value) => this.checkRange(name, value, options, value));
  }

  /** An absolute http(s) URL, without a trailing slash. */
  httpUrl(name: string, fallback: string): string {
    const value = this.string(name, fallback).replace(/\/+$/, '');
    const protocol = URL.canParse(value) ? new URL(value).protocol : undefined;
    if (protocol === 'http:' || protocol === 'https:') return value;
    return this.problem(`${name} must be an http(s) URL, got "${value}"`, fallback);
  }

  bool(name: string, fallback: boolean): boolean {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
    if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
    return this.problem(`${name} must be true or false, got "${raw}"`, fallback);
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    return this.problem(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`, fallback);
  }

  /** Records a problem found by the caller's own check. */
  invalid(message: string): void {
    this.problems.push(message);
  }

  /** Throws a ConfigError listing every problem seen so far. */
  assertValid(): void {
    if (this.problems.length > 0) throw new ConfigError(this.problems);
  }

  private raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  private checkRange(name: string, value: number, { min, max }: IntOptions, fallback: number): number {
    if (min !== undefined && value < min)
      return this.problem(`${name} must be at least ${min}, got ${value}`, fallback);
    if (max !== undefined && value > max)
      return this.problem(`${name} must be at most ${max}, got ${value}`, fallback);
    return value;
  }

  private problem<T>(message: string, fallback: T): T {
    this.problems.push(message);
    return fallback;
  }
}
