import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A recorded attempt: its rows (by ctid, the table has no key) and the database's time of it. */
export interface RecordedAttempt {
  rows: string[];
  at: Date;
}

/** SQL of the failed sign-ins the rate limit counts; rows are never updated, only added and deleted. */
@Injectable()
export class SignInFailuresRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One row per subject, in its own statement: concurrent attempts see each other at once. */
  async record(subjects: string[]): Promise<RecordedAttempt> {
    const rows = await this.dataSource.query<Array<{ ctid: string; failed_at: Date }>>(
      `INSERT INTO tenancy.sign_in_failures (subject, failed_at)
       SELECT subject, clock_timestamp() FROM unnest($1::text[]) AS subject RETURNING ctid::text, failed_at`,
      [subjects],
    );
    return { rows: rows.map((row) => row.ctid), at: rows[0]!.failed_at };
  }

  /** The failures of `subjects` within `windowMs` before `at`, other than the rows `except`. */
  async recent(subjects: string[], at: Date, windowMs: number, except: string[]) {
    return this.dataSource.query<Array<{ subject: string; failed_at: Date }>>(
      `SELECT subject, failed_at FROM tenancy.sign_in_failures
       WHERE subject = ANY($1::text[]) AND failed_at > $2::timestamptz - $3 * interval '1 millisecond'
         AND NOT ctid = ANY($4::tid[])`,
      [subjects, at, windowMs, except],
    );
  }

  /** Deletes the rows of an attempt that did not fail, and every failure of `subject` when given. */
  async forget(rows: string[], subject?: string): Promise<void> {
    await this.dataSource.query(
      'DELETE FROM tenancy.sign_in_failures WHERE ctid = ANY($1::tid[]) OR subject = $2',
      [rows, subject ?? null],
    );
  }

  /** Deletes failures older than the window, at most `limit` of them; returns how many. */
  async sweep(windowMs: number, limit: number): Promise<number> {
    const [, deleted] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM tenancy.sign_in_failures WHERE ctid = ANY(ARRAY(
         SELECT ctid FROM tenancy.sign_in_failures
         WHERE failed_at < now() - $1 * interval '1 millisecond' LIMIT $2))`,
      [windowMs, limit],
    );
    return deleted;
  }
}
