/** Field limits of a system, shared by the API's validation and the cleaning of records from probe ingest. */
export const NAME_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const FIELD_MAX_LENGTH = 200;
export const TAGS_MAX_ITEMS = 50;
export const TAG_MAX_LENGTH = 64;
export const QUERY_MAX_LENGTH = 200;
