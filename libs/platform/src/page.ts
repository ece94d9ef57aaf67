import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { decodeKeysetCursor, encodeKeysetCursor, type KeysetPosition } from './keyset-cursor';

const DEFAULT_PAGE_SIZE = 20;

/** `limit` and `cursor` of a keyset-paged list; each list's query DTO extends it with its filters. */
export class PageQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}

interface PageOf<Item> {
  data: Item[];
  next_cursor: string | null;
}

/**
 * One page of a newest-first keyset listing. `read` is asked for one row more than the page holds: that
 * row says whether a next page exists. `cursorShape` checks a cursor before it reaches SQL.
 */
export async function readPage<Row, Item>(
  query: PageQuery,
  cursorShape: Parameters<typeof decodeKeysetCursor>[1],
  read: (limit: number, after: KeysetPosition | undefined) => Promise<Row[]>,
  position: (row: Row) => KeysetPosition,
  toItem: (row: Row) => Item,
): Promise<PageOf<Item>> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = query.cursor === undefined ? undefined : decodeKeysetCursor(query.cursor, cursorShape);
  const rows = await read(limit + 1, after);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: page.map(toItem),
    next_cursor: rows.length > limit && last ? encodeKeysetCursor(position(last)) : null,
  };
}
