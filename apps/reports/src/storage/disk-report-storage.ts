import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ReportStorage } from './report-storage';

/** Ids become path segments; anything but an id's characters would let a name escape the directory. */
const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

function segment(value: string): string {
  if (!SAFE_SEGMENT.test(value)) throw new Error(`not a storable id: ${JSON.stringify(value)}`);
  return value;
}

/** Report files under `<directory>/<organization id>/<report id>`, written whole via a rename. */
export class DiskReportStorage implements ReportStorage {
  constructor(private readonly directory: string) {}

  async put(organizationId: string, reportId: string, content: Buffer): Promise<void> {
    const folder = join(this.directory, segment(organizationId));
    await mkdir(folder, { recursive: true });
    const path = join(folder, segment(reportId));
    const partial = `${path}.partial`;
    await writeFile(partial, content, { mode: 0o600 });
    await rename(partial, path);
  }

  async get(organizationId: string, reportId: string): Promise<Buffer | undefined> {
    try {
      return await readFile(join(this.directory, segment(organizationId), segment(reportId)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }
}
