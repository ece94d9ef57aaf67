/** The largest document accepted, as JSON content (characters) or as an uploaded file (bytes): 10 MiB. */
export const DOCUMENT_MAX_SIZE = 10 * 1024 * 1024;
export const TITLE_MAX_LENGTH = 300;
/** JSON bodies carry up to 10 MiB of content plus escaping and the other fields. */
export const BODY_LIMIT_BYTES = 11 * 1024 * 1024;
/** A worker that dies while assessing leaves a stale lease; after this many claims the document is given up. */
export const MAX_CLAIMS = 3;
